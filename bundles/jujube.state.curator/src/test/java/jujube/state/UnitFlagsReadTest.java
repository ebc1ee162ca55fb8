package jujube.state;

import jujube.model.ResolvedMode;
import jujube.model.UnitFlags;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A unit's flags read while another client sets and clears them: present or absent, never half there. */
class UnitFlagsReadTest extends ZooKeeperFixture {

    @Test
    void flags_read_while_they_are_set_and_cleared_are_whole() throws Exception {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        UnitName unit = state.units().add("mysql").name();
        StateConnection operator = connect(java.util.List.of());
        AtomicBoolean running = new AtomicBoolean(true);
        CompletableFuture<Void> toggling = CompletableFuture.runAsync(() -> {
            while (running.get()) {
                operator.units().setResolved(unit, ResolvedMode.RETRY_HOOK);
                operator.units().clearResolved(unit);
            }
        });
        Set<Boolean> seen = new java.util.HashSet<>();
        try {
            for (int i = 0; i < 500; i++) {
                UnitFlags flags = state.units().flags(unit); // threw CorruptStateException when cleared mid-read
                flags.resolved().ifPresent(mode -> assertEquals(ResolvedMode.RETRY_HOOK, mode));
                seen.add(flags.resolved().isPresent());
            }
        } finally {
            running.set(false);
            toggling.get();
        }
        assertTrue(seen.contains(true), "the flag was seen set at least once: " + seen);
    }
}
