package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.state.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.StateConnections;
import jujube.state.UnitName;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The unit workflow replicated to a real in-process ZooKeeper through the state API. */
class ZooKeeperReplicaTest extends WorkflowFixture {
    private TestingServer zk;
    private StateConnection state;
    private UnitName unit;

    @BeforeEach
    void environment() throws Exception {
        zk = new TestingServer(true);
        state = StateConnections.open(new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10),
                Duration.ofSeconds(5), "workflow", List.of(jujube.state.Credential.generate(jujube.state.Credential.ADMIN))), List.of());
        state.awaitConnected(Duration.ofSeconds(10));
        state.initialize(new EnvironmentSettings("test", "local", "local", "local-0"));
        state.charms().publish(new CharmRecord("local:precise/wordpress-1", "file:///charms/wordpress", "sha",
                Map.of("name", "wordpress"), Map.of()));
        state.services().add("wordpress", "local:precise/wordpress-1");
        unit = state.units().add("wordpress").name();
    }

    @AfterEach
    void close() throws Exception {
        state.close();
        zk.close();
    }

    @Test
    void zookeeper_agrees_with_the_disk_after_every_transition() {
        List<String> seenInZooKeeper = new ArrayList<>();
        StateReplica zkReplica = StateReplica.unit(state.units(), unit);
        StateReplica checking = stored -> {
            zkReplica.replicate(stored);
            String replicated = state.units().get(unit).workflowState();
            assertEquals(store().load().state(), replicated, "disk and ZooKeeper agree");
            seenInZooKeeper.add(replicated);
        };
        hooks.failing.add("config-changed");
        Workflow workflow = Workflows.open(unit.toString(), UnitWorkflow.DEFINITION, store(), history(), checking,
                hooks);
        workflow.synchronize();
        assertEquals("start_error", state.units().get(unit).workflowState());
        hooks.failing.clear();
        workflow.fire("retry_hook");
        assertEquals("started", state.units().get(unit).workflowState());
        assertEquals(List.of("none", "installed", "start_error", "started"), seenInZooKeeper);
    }

    @Test
    void synchronize_repairs_a_stale_replica_from_the_disk() {
        Workflows.open(unit.toString(), UnitWorkflow.DEFINITION, store(), history(), StateReplica.NONE, hooks)
                .synchronize();
        assertEquals("", state.units().get(unit).workflowState(), "nothing replicated yet");
        Workflows.open(unit.toString(), UnitWorkflow.DEFINITION, store(), history(),
                StateReplica.unit(state.units(), unit), hooks).synchronize();
        assertEquals("started", state.units().get(unit).workflowState());
    }
}
