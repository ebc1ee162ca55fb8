package jujube.state.curator.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import jujube.model.LogRecord;
import jujube.model.LoggedRecord;
import jujube.state.DebugLog;
import jujube.state.ZooKeeperFixture;
import jujube.state.debuglog.CuratorDebugLog;
import jujube.state.store.Paths;
import org.junit.jupiter.api.Test;

/**
 * The debug log's age bound, with a clock that the test moves on: ZooKeeper stamps each record with its
 * creation time, and the log reads that time against its clock.
 */
class DebugLogAgeTest extends ZooKeeperFixture {
    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());
    private final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };

    private CuratorDebugLog log() {
        return new CuratorDebugLog(((CuratorStateConnection) state).context(), DebugLog.RETAINED_RECORDS,
                Duration.ofHours(24), clock);
    }

    private List<String> messages(DebugLog log) {
        return log.after(-1).stream().map(LoggedRecord::record).map(LogRecord::message).toList();
    }

    @Test
    void records_older_than_the_bound_are_not_read_and_their_writer_removes_them() throws Exception {
        Instant start = now.get();
        CuratorDebugLog log = log();
        log.append(List.of(new LogRecord("mysql/0", "INFO", "old", T0), new LogRecord("mysql/0", "INFO", "older", T0)));
        assertEquals(List.of("old", "older"), messages(log));
        now.set(start.plus(Duration.ofHours(25)));
        assertEquals(List.of(), messages(log), "a day on, the records are no longer read");
        String dir = Paths.logWriterDir("admin");
        assertEquals(2, raw().getChildren().forPath(dir).size(), "still stored until the writer appends");
        log.append(new LogRecord("mysql/0", "INFO", "new", T0));
        assertEquals(1, raw().getChildren().forPath(dir).size(), "the writer removed its expired records");
        now.set(start); // the new record is young by ZooKeeper's clock
        assertEquals(List.of("new"), messages(log));
    }

    @Test
    void a_writer_looks_for_expired_records_at_most_once_a_minute() throws Exception {
        Instant start = now.get();
        CuratorDebugLog log = log();
        String dir = Paths.logWriterDir("admin");
        log.append(new LogRecord("mysql/0", "INFO", "a", T0));
        now.set(start.plus(Duration.ofHours(25)));
        log.append(new LogRecord("mysql/0", "INFO", "b", T0));
        assertEquals(1, raw().getChildren().forPath(dir).size(), "a removed");
        now.set(start.plus(Duration.ofHours(25)).plusSeconds(30));
        log.append(new LogRecord("mysql/0", "INFO", "c", T0));
        assertEquals(2, raw().getChildren().forPath(dir).size(), "b expired, but looked for less than a minute ago");
        now.set(start.plus(Duration.ofHours(25)).plusSeconds(61));
        log.append(new LogRecord("mysql/0", "INFO", "d", T0));
        assertEquals(1, raw().getChildren().forPath(dir).size(), "b and c removed");
        now.set(start);
        assertEquals(List.of("d"), messages(log));
    }
}
