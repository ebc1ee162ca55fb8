package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SubordinateIdsTest {
    @TempDir
    Path tmp;

    private SubordinateIds ids() {
        return new SubordinateIds(tmp.resolve("subuid"), tmp.resolve("subgid"), tmp.resolve("lock/subids.lock"));
    }

    @Test
    void a_host_without_files_gets_root_the_first_block_from_100000_in_both() throws Exception {
        assertEquals(new MachineIds(100_000, 100_000, 65_536), ids().ensureRootRange());
        assertEquals(List.of("root:100000:65536"), Files.readAllLines(tmp.resolve("subuid")));
        assertEquals(List.of("root:100000:65536"), Files.readAllLines(tmp.resolve("subgid")));
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(tmp.resolve("subuid"))), "readable by newuidmap's users, as shadow makes it");
    }

    @Test
    void roots_existing_range_is_used_and_nothing_is_written() throws Exception {
        Files.writeString(tmp.resolve("subuid"), "alice:100000:65536\nroot:1000000:1000000000\n");
        Files.writeString(tmp.resolve("subgid"), "# groups\n0:2000000:65536\n");
        assertEquals(new MachineIds(1_000_000, 2_000_000, 65_536), ids().ensureRootRange());
        assertEquals("alice:100000:65536\nroot:1000000:1000000000\n", Files.readString(tmp.resolve("subuid")));
        assertEquals("# groups\n0:2000000:65536\n", Files.readString(tmp.resolve("subgid")));
    }

    @Test
    void an_added_range_overlaps_no_other_users_and_keeps_their_lines() throws Exception {
        Files.writeString(tmp.resolve("subuid"), "alice:100000:65536\nbob:165536:65536");
        Files.writeString(tmp.resolve("subgid"), "alice:100000:65536\n");
        assertEquals(new MachineIds(231_072, 231_072, 65_536), ids().ensureRootRange(), "the first block free in both");
        assertEquals(List.of("alice:100000:65536", "bob:165536:65536", "root:231072:65536"),
                Files.readAllLines(tmp.resolve("subuid")));
        assertEquals(List.of("alice:100000:65536", "root:231072:65536"), Files.readAllLines(tmp.resolve("subgid")));
    }

    @Test
    void a_range_too_small_for_a_machine_is_not_roots_range() throws Exception {
        Files.writeString(tmp.resolve("subuid"), "root:100000:1000\n");
        Files.writeString(tmp.resolve("subgid"), "root:100000:65536\n");
        assertEquals(new MachineIds(165_536, 100_000, 65_536), ids().ensureRootRange());
        assertEquals(List.of("root:100000:1000", "root:165536:65536"), Files.readAllLines(tmp.resolve("subuid")));
    }

    @Test
    void asking_again_gives_the_same_range_and_adds_nothing() throws Exception {
        MachineIds first = ids().ensureRootRange();
        assertEquals(first, ids().ensureRootRange());
        assertEquals(1, Files.readAllLines(tmp.resolve("subuid")).size());
    }
}
