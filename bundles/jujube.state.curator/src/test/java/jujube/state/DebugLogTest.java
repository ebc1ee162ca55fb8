package jujube.state;

import jujube.model.LogRecord;
import jujube.model.LoggedRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DebugLogTest extends ZooKeeperFixture {
    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");

    @Test
    void records_are_appended_in_order_and_read_after_a_sequence() {
        DebugLog log = state.debugLog();
        List<LoggedRecord> first = log.append(List.of(new LogRecord("mysql/0", "unit.hook", "INFO", "installed", T0),
                new LogRecord("blog/1", "ERROR", "hook failed", T0.plusSeconds(1))));
        LoggedRecord third = log.append(new LogRecord("machine-0", "DEBUG", "x", T0.plusSeconds(2)));
        assertTrue(first.get(1).sequence() > first.get(0).sequence());
        assertTrue(third.sequence() > first.get(1).sequence());
        List<LoggedRecord> all = new ArrayList<>(first);
        all.add(third);
        assertEquals(all, connect(List.of()).debugLog().after(-1));
        assertEquals(List.of(third), log.after(first.get(1).sequence()));
    }

    @Test
    void the_log_keeps_the_newest_records_only() {
        DebugLog log = state.debugLog();
        int total = DebugLog.RETAINED_RECORDS + 150;
        log.append(IntStream.range(0, total).mapToObj(i -> new LogRecord("mysql/0", "INFO", "m" + i, T0)).toList());
        List<LoggedRecord> kept = log.after(-1);
        assertEquals(DebugLog.RETAINED_RECORDS, kept.size());
        assertEquals("m150", kept.get(0).record().message());
        assertEquals("m" + (total - 1), kept.get(kept.size() - 1).record().message());
    }

    @Test
    void a_record_is_one_bounded_line_whatever_it_was_given() {
        LogRecord forged = new LogRecord("blog/0\n", "hook.output", "INFO",
                "ok\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\r\u001b[2J\u202e\u2028\u0085 end\ttab \u00e9\ud83d\ude00", T0);
        assertEquals("blog/0\\n", forged.unit());
        assertEquals("ok\\n2012-06-01T10:00:00Z mysql/0 ERROR: forged\\r\\x1b[2J\\u202e\\u2028\\x85 end\\ttab \u00e9\ud83d\ude00",
                forged.message());
        String huge = "x".repeat(LogRecord.MAX_MESSAGE_CHARS) + "\n".repeat(10);
        LogRecord cut = new LogRecord("blog/0", "INFO", huge, T0);
        assertEquals("x".repeat(LogRecord.MAX_MESSAGE_CHARS - 60) + " ... (cut: 70 of 2010 chars dropped)", cut.message());
        assertTrue(cut.message().length() <= LogRecord.MAX_MESSAGE_CHARS);
        assertEquals(cut.message(), new LogRecord("blog/0", "INFO", cut.message(), T0).message(), "stable");
        assertEquals(forged.message(), new LogRecord("blog/0", "INFO", forged.message(), T0).message(), "stable");
        // and so it comes back from ZooKeeper
        LoggedRecord stored = state.debugLog().append(forged);
        assertEquals(List.of(stored), state.debugLog().after(stored.sequence() - 1));
        assertEquals(forged, stored.record());
    }

    @Test
    void the_publisher_writes_whether_or_not_anyone_reads() throws Exception {
        StateConnection agent = connect(List.of());
        DebugLogPublisher publisher = agent.debugLog().publisher();
        publisher.publish(new LogRecord("mysql/0", "INFO", "nobody reads", T0));
        publisher.publish(new LogRecord("mysql/0", "unit.hook", "INFO", "kept all the same", T0));
        POLLING.until(() -> state.debugLog().after(-1).size() == 2);
        assertEquals(List.of("nobody reads", "kept all the same"),
                state.debugLog().after(-1).stream().map(r -> r.record().message()).toList());
        assertEquals(0, publisher.dropped());
        assertTrue(agent.debugLog().publisher() == publisher, "one publisher per connection");
    }

    @Test
    void the_latest_sequence_is_watched() throws Exception {
        AtomicLong latest = new AtomicLong(-2);
        try (Watch w = state.debugLog().watchLatest(c -> latest.set(c.current()))) {
            POLLING.until(() -> latest.get() == -1);
            LoggedRecord r = state.debugLog().append(new LogRecord("mysql/0", "DEBUG", "x", T0));
            POLLING.until(() -> latest.get() == r.sequence());
        }
    }
}
