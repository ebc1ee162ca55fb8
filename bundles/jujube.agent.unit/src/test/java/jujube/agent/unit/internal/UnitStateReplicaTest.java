package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.model.CharmRecord;
import jujube.model.UnitName;
import jujube.state.StateConnection;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import jujube.workflow.ActionResult;
import jujube.workflow.StateReplica;
import jujube.workflow.TransitionAction;
import jujube.workflow.TransitionActions;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.Workflow;
import jujube.workflow.WorkflowStore;
import jujube.workflow.Workflows;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The unit workflow replicated to a real ZooKeeper through the state API, as status reads it. */
class UnitStateReplicaTest {
    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    @TempDir
    Path dir;
    private final ObjectMapper mapper = new ObjectMapper();
    private final Set<String> failing = new HashSet<>();
    /** Each unit transition stands for its hooks; those named in {@link #failing} fail. */
    private final TransitionActions hooks = transition -> (TransitionAction) context -> failing.contains(transition.id())
            ? ActionResult.hookFailed(transition.id() + " hook exited 1") : ActionResult.success();
    private ZooKeeperEnvironment env;
    private StateConnection state;
    private UnitName unit;

    @BeforeEach
    void environment() {
        env = ZK.newEnvironment("replica-");
        state = env.state();
        state.charms().publish(new CharmRecord("local:precise/wordpress-1", "file:///charms/wordpress", "sha",
                Map.of("name", "wordpress"), Map.of()));
        state.services().add("wordpress", "local:precise/wordpress-1");
        unit = state.units().add("wordpress").name();
    }

    @AfterEach
    void close() throws Exception {
        env.close();
    }

    private WorkflowStore store() {
        return Workflows.fileStore(dir.resolve("unit.json"), UnitWorkflow.DEFINITION, mapper);
    }

    private Workflow open(StateReplica replica) {
        return Workflows.open(unit.toString(), UnitWorkflow.DEFINITION, store(),
                Workflows.fileHistory(dir.resolve("unit.history"), mapper, Clock.systemUTC()), replica, hooks);
    }

    @Test
    void zookeeper_agrees_with_the_disk_after_every_transition() {
        StateReplica zk = new UnitStateReplica(state.unit(unit));
        List<String> seenInZooKeeper = new ArrayList<>();
        failing.add("start");
        Workflow workflow = open(stored -> {
            zk.replicate(stored);
            String replicated = state.units().get(unit).workflowState();
            assertEquals(store().load().state(), replicated, "disk and ZooKeeper agree");
            seenInZooKeeper.add(replicated);
        });
        workflow.synchronize();
        assertEquals("start_error", state.units().get(unit).workflowState());
        assertEquals("start hook exited 1", state.units().get(unit).workflowStateInfo());
        failing.clear();
        workflow.fire("retry_hook");
        assertEquals("started", state.units().get(unit).workflowState());
        assertEquals(List.of("none", "installed", "start_error", "started"), seenInZooKeeper);
    }

    @Test
    void synchronize_repairs_a_stale_replica_from_the_disk() {
        open(StateReplica.NONE).synchronize();
        assertEquals("", state.units().get(unit).workflowState(), "nothing replicated yet");
        open(new UnitStateReplica(state.unit(unit))).synchronize();
        assertEquals("started", state.units().get(unit).workflowState());
    }

    @Test
    void a_removed_unit_leaves_nothing_to_replicate_to() {
        Workflow workflow = open(new UnitStateReplica(state.unit(unit)));
        state.units().remove(unit);
        workflow.synchronize();
        assertEquals("started", store().load().state(), "the local transitions go on");
    }
}
