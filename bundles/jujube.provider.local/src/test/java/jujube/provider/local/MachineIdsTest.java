package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MachineIdsTest {
    @Test
    void ids_travel_as_uid_gid_count() {
        MachineIds ids = new MachineIds(100_000, 165_536, 65_536);
        assertEquals("100000:165536:65536", ids.toString());
        assertEquals(ids, MachineIds.parse("100000:165536:65536"));
        assertEquals(100_033, ids.hostUid(33));
        assertEquals(165_569, ids.hostGid(33));
    }

    @Test
    void a_range_holding_the_hosts_root_or_too_small_for_a_distribution_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> MachineIds.parse("0:100000:65536"));
        assertThrows(IllegalArgumentException.class, () -> new MachineIds(100_000, 100_000, 1000));
        assertThrows(IllegalArgumentException.class, () -> new MachineIds(4_294_950_000L, 100_000, 65_536));
        assertEquals("machine ids are written UID:GID:COUNT, got '100000'",
                assertThrows(IllegalArgumentException.class, () -> MachineIds.parse("100000")).getMessage());
    }
}
