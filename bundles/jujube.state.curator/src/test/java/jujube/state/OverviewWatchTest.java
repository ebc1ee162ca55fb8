package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.model.Port;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/**
 * {@link StateConnection#watchOverview}: every kind of change status shows wakes the watcher (the topology,
 * a unit's workflow state, ports, agent presence, exposure, leadership, a new machine), and nothing after
 * the watch is closed.
 */
class OverviewWatchTest extends ZooKeeperFixture {
    private final List<Long> seen = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();

    @Test
    void every_change_status_shows_wakes_the_watcher() {
        charm("mysql");
        state.services().add("mysql", "local:precise/mysql-1");
        Watch watch = state.watchOverview(change -> {
            seen.add(change.current());
            calls.incrementAndGet();
        });
        POLLING.until(() -> calls.get() >= 1);
        UnitName unit = state.units().add("mysql").name();
        awaitAnotherCall();
        state.units().setWorkflowState(unit, "started");
        awaitAnotherCall();
        state.units().openPort(unit, new Port(3306, "tcp"));
        awaitAnotherCall();
        try (Presence agent = state.units().connectAgent(unit)) {
            awaitAnotherCall();
        }
        awaitAnotherCall();
        state.services().setExposed("mysql", true);
        awaitAnotherCall();
        try (ServiceLeadership.Campaign campaign = state.unit(unit).leadership().campaign(leader -> { })) {
            awaitAnotherCall();
        }
        state.machines().add();
        awaitAnotherCall();
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) > seen.get(i - 1), "each call tells a later count: " + seen);
        }

        watch.close();
        int before = calls.get();
        state.units().setWorkflowState(unit, "stopped");
        // another watch that saw a later change proves the first change was handed out by then
        AtomicInteger after = new AtomicInteger();
        try (Watch other = state.watchOverview(change -> after.incrementAndGet())) {
            POLLING.until(() -> after.get() >= 1);
            state.units().setWorkflowState(unit, "started");
            POLLING.until(() -> after.get() >= 2);
        }
        assertEquals(before, calls.get(), "a closed watch calls nobody");
    }

    private int expected = 1;

    private void awaitAnotherCall() {
        int at = expected;
        POLLING.until(() -> calls.get() > at);
        expected = calls.get();
    }
}
