package jujube.state;

import jujube.access.Credential;

import jujube.model.Port;
import jujube.model.StateException;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What an identity may write is bounded: a machine agent filling its unit's node, its own node or its
 * unit's debug log with large nodes is refused with ZooKeeper's QuotaExceeded once past the quota, and it
 * can neither lift nor move the quota; a unit removed takes its quotas with it.
 */
class WriteQuotasTest extends ZooKeeperFixture {
    private static final byte[] LARGE = new byte[200 * 1024];
    private UnitName blog;
    private String unitId;
    private String machineKey;
    private final List<Credential> held = new ArrayList<>();

    @BeforeEach
    void aUnitOnAMachine() throws Exception {
        charm("wordpress");
        state.services().add("blog", "local:precise/wordpress-1");
        int machine = state.machines().add().id();
        machineKey = String.format("machine-%010d", machine);
        blog = state.units().add("blog").name();
        state.units().assign(blog, machine);
        unitId = state.units().get(blog).id();
        held.addAll(agentCredentials(machine, blog));
    }

    @Test
    void a_machine_filling_what_it_may_write_is_stopped_at_each_quota() throws Exception {
        try (CuratorFramework raw = as(held)) {
            for (String dir : List.of("/units/" + unitId, "/machines/" + machineKey, "/logs/" + unitId)) {
                int made = 0;
                KeeperException stopped = null;
                while (stopped == null && made < 1000) {
                    try {
                        raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(dir + "/log-", LARGE);
                        made++;
                    } catch (KeeperException e) {
                        stopped = e;
                    }
                }
                assertTrue(stopped != null, dir + ": " + made + " nodes of 200 KiB and never stopped");
                assertEquals(KeeperException.Code.QUOTAEXCEEDED, stopped.code(), dir);
                assertTrue(made <= 5, dir + ": " + made + " nodes of 200 KiB before the quota");
            }
            // small nodes: the count is bounded too, and the unit's node is full to the last byte or node
            for (String dir : List.of("/logs/" + unitId, "/units/" + unitId)) {
                for (int size : List.of(1024, 0)) {
                    int small = 0;
                    try {
                        while (small < 1000) {
                            raw.create().withMode(CreateMode.PERSISTENT_SEQUENTIAL).forPath(dir + "/log-", new byte[size]);
                            small++;
                        }
                    } catch (KeeperException.QuotaExceededException e) {
                        // the count's limit, or the bytes'
                    }
                    assertTrue(small <= DebugLog.RETAINED_RECORDS + 50, dir + ": " + small + " nodes of " + size + " bytes");
                }
            }
        }
        // the unit's own writes now fail for it alone, saying why; the administrator's elsewhere go on
        StateException full = assertThrows(StateException.class,
                () -> state.units().openPort(blog, new Port(80, "tcp")));
        assertTrue(full.getMessage().contains("quota"), full.getMessage());
        state.services().add("blog2", "local:precise/wordpress-1");
    }

    @Test
    void an_agent_may_neither_lift_nor_move_its_quota() throws Exception {
        String quota = "/zookeeper/quota/" + chroot + "/units/" + unitId;
        try (CuratorFramework raw = as(held)) {
            CuratorFramework top = raw.usingNamespace(null);
            for (String path : List.of(quota + "/zookeeper_limits", quota + "/zookeeper_stats")) {
                assertEquals(KeeperException.Code.NOAUTH, assertThrows(KeeperException.class,
                        () -> top.setData().forPath(path, "countHardLimit=-1,byteHardLimit=-1".getBytes())).code(), path);
                assertEquals(KeeperException.Code.NOAUTH,
                        assertThrows(KeeperException.class, () -> top.delete().forPath(path)).code(), path);
            }
            assertEquals(KeeperException.Code.NOAUTH, assertThrows(KeeperException.class, () -> top.create()
                    .creatingParentsIfNeeded().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE)
                    .forPath(quota + "/deeper/zookeeper_limits", "countHardLimit=1000000".getBytes())).code());
        }
    }

    @Test
    void a_removed_unit_takes_its_quotas_with_it() throws Exception {
        state.units().remove(blog);
        {
            CuratorFramework top = raw().usingNamespace(null);
            assertNull(top.checkExists().forPath("/zookeeper/quota/" + chroot + "/units/" + unitId));
            assertNull(top.checkExists().forPath("/zookeeper/quota/" + chroot + "/logs/" + unitId));
        }
    }
}
