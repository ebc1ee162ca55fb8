package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DebugLogTest extends ZooKeeperFixture {
    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");

    @Test
    void records_are_kept_only_while_the_log_is_enabled() {
        DebugLog log = state.debugLog();
        assertFalse(log.isEnabled());
        assertNull(log.append(new LogRecord("mysql/0", "INFO", "dropped", T0)));
        log.setEnabled(true);
        LoggedRecord first = log.append(new LogRecord("mysql/0", "INFO", "installed", T0));
        LoggedRecord second = log.append(new LogRecord("blog/1", "ERROR", "hook failed", T0.plusSeconds(1)));
        assertTrue(second.sequence() > first.sequence());
        assertEquals(List.of(first, second), log.after(-1));
        assertEquals(List.of(second), log.after(first.sequence()));
        assertTrue(connect(List.of()).debugLog().isEnabled());
    }

    @Test
    void the_latest_sequence_is_watched() throws Exception {
        state.debugLog().setEnabled(true);
        AtomicLong latest = new AtomicLong(-2);
        try (Watch w = state.debugLog().watchLatest(c -> latest.set(c.current()))) {
            awaitTrue(() -> latest.get() == -1);
            LoggedRecord r = state.debugLog().append(new LogRecord("mysql/0", "DEBUG", "x", T0));
            awaitTrue(() -> latest.get() == r.sequence());
        }
    }
}
