package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import jujube.state.Change;
import jujube.state.StateWatcher;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * Records what a state watch delivers, to check that nothing was lost: every delivery must start
 * from the value the one before it ended with, whatever happened to the connection in between.
 */
final class WatchRecorder<T> implements StateWatcher<T> {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    private final List<Change<T>> changes = new ArrayList<>();

    @Override
    public synchronized void changed(Change<T> change) {
        changes.add(change);
    }

    synchronized List<Change<T>> changes() {
        return List.copyOf(changes);
    }

    /** The value delivered last, null before the first delivery. */
    synchronized T current() {
        return changes.isEmpty() ? null : changes.get(changes.size() - 1).current();
    }

    /** Waits for a delivery whose value {@code wanted} accepts. */
    void await(String what, Duration timeout, Predicate<T> wanted) {
        POLLING.await(what).atMost(timeout)
                .untilAsserted(() -> assertTrue(() -> {
            T now = current();
            return now != null && wanted.test(now);
        }, () -> "last seen: " + changes().toString()));
    }

    /** Fails unless each delivery's previous value is the value delivered before it. */
    synchronized void assertChained() {
        for (int i = 1; i < changes.size(); i++) {
            if (!changes.get(i).previous().equals(changes.get(i - 1).current())) {
                throw new AssertionError("delivery " + i + " does not follow delivery " + (i - 1) + ": " + changes);
            }
        }
    }
}
