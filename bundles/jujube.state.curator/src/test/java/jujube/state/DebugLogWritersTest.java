package jujube.state;

import jujube.model.LogRecord;
import jujube.model.LoggedRecord;

import jujube.access.Credential;

import jujube.model.StateException;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The debug log's records are their writers': a machine agent writes its units' records with each unit's
 * credential, into the unit's own log, and no other's; a reader shows a record claiming another agent, or
 * no record at all, as a warning of its writer's and reads on; one writer's flood leaves the others' records.
 */
class DebugLogWritersTest extends ZooKeeperFixture {
    private static final Instant T0 = Instant.parse("2012-06-01T10:00:00Z");
    private UnitName blog;
    private UnitName db;
    private StateConnection blogMachine;
    private List<Credential> blogMachineHolds;

    @BeforeEach
    void twoUnitsOnTwoMachines() throws Exception {
        charm("mysql");
        charm("wordpress");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("blog", "local:precise/wordpress-1");
        int machine1 = state.machines().add().id();
        int machine2 = state.machines().add().id();
        blog = state.units().add("blog").name();
        db = state.units().add("mysql").name();
        state.units().assign(blog, machine1);
        state.units().assign(db, machine2);
        blogMachineHolds = agentCredentials(machine1, blog);
        blogMachine = connect(List.of(), blogMachineHolds);
    }

    @Test
    void a_machine_writes_its_units_records_into_their_own_logs_and_no_other() throws Exception {
        blogMachine.debugLog().append(new LogRecord(blog.toString(), "unit.hook", "INFO", "installed", T0));
        assertThrows(StateException.class, () -> blogMachine.debugLog().append(new LogRecord(db.toString(), "INFO", "x", T0)),
                "mysql/0 is not on its machine");
        List<LoggedRecord> read = state.debugLog().after(-1);
        assertEquals(List.of(new LogRecord("blog/0", "unit.hook", "INFO", "installed", T0)),
                read.stream().map(LoggedRecord::record).toList());
        try (CuratorFramework raw = as(blogMachineHolds)) {
            String dbLog = "/logs/" + state.units().get(db).id();
            KeeperException refused = assertThrows(KeeperException.class,
                    () -> raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(dbLog + "/log-", record("mysql/0")));
            assertEquals(KeeperException.Code.NOAUTH, refused.code());
            assertEquals(KeeperException.Code.NOAUTH, assertThrows(KeeperException.class,
                    () -> raw.create().forPath("/logs/log-0000000001", record("mysql/0"))).code());
        }
    }

    @Test
    void a_forged_or_a_malformed_record_is_shown_as_its_writers_warning_and_the_log_reads_on() throws Exception {
        String blogLog = "/logs/" + state.units().get(blog).id();
        try (CuratorFramework raw = as(blogMachineHolds)) {
            raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(blogLog + "/log-", record("mysql/0"));
            raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(blogLog + "/log-", new byte[] {(byte) 0xff, '{', 0});
            raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(blogLog + "/log-", "{}".getBytes());
        }
        blogMachine.debugLog().append(new LogRecord(blog.toString(), "INFO", "after them", T0));
        List<LogRecord> read = state.debugLog().after(-1).stream().map(LoggedRecord::record).toList();
        assertEquals(4, read.size(), read::toString);
        for (LogRecord warning : read.subList(0, 3)) {
            assertEquals("blog/0", warning.unit(), warning::toString);
            assertEquals("WARNING", warning.level());
            assertTrue(warning.message().contains("refused"), warning.message());
        }
        assertTrue(read.get(0).message().contains("claims to be mysql/0's"), read.get(0).message());
        assertEquals(new LogRecord("blog/0", "INFO", "after them", T0), read.get(3));
    }

    @Test
    void a_writer_that_floods_the_log_keeps_its_newest_records_and_leaves_the_others() {
        state.debugLog().append(new LogRecord("anyone", "INFO", "the administrator's", T0));
        int flood = DebugLog.RETAINED_RECORDS + 50;
        blogMachine.debugLog().append(IntStream.range(0, flood)
                .mapToObj(i -> new LogRecord(blog.toString(), "INFO", "m" + i, T0)).toList());
        blogMachine.debugLog().append(new LogRecord(blog.toString(), "INFO", "m" + flood, T0));
        List<LogRecord> read = state.debugLog().after(-1).stream().map(LoggedRecord::record).toList();
        assertEquals("the administrator's", read.get(0).message());
        assertEquals(1 + DebugLog.RETAINED_RECORDS, read.size());
        assertEquals("m" + (flood - DebugLog.RETAINED_RECORDS + 1), read.get(1).message());
        assertEquals("m" + flood, read.get(read.size() - 1).message());
    }

    private static byte[] record(String unit) {
        return ("{\"unit\":\"" + unit + "\",\"level\":\"INFO\",\"message\":\"forged\",\"timestamp\":\"" + T0 + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
