package jujube.itests;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/** How the tests wait for what other threads and processes do, with Awaitility. */
final class Polling {
    private Polling() {
    }

    /**
     * Polls every {@code interval} (Awaitility's default timeout unless the caller sets {@code atMost});
     * what other threads throw meanwhile is theirs to report, not a failure of the awaited condition.
     */
    static ConditionFactory every(Duration interval) {
        return Awaitility.with().pollInterval(interval).dontCatchUncaughtExceptions();
    }
}
