package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RelationWorkflowTest {
    @TempDir
    Path dir;
    private final ObjectMapper mapper = new ObjectMapper();

    private Workflow open() {
        return Workflows.open("blog/0 db:1", RelationWorkflow.DEFINITION,
                Workflows.fileStore(dir.resolve("relation-1.json"), RelationWorkflow.DEFINITION, mapper),
                Workflows.fileHistory(dir.resolve("relation-1.history"), mapper, Clock.systemUTC()),
                StateReplica.NONE, TransitionActions.NONE);
    }

    @Test
    void starts_automatically_stops_and_restarts() {
        Workflow workflow = open();
        assertEquals(new FireResult.Completed("start", "up"), workflow.synchronize());
        assertEquals("down", workflow.fire("stop").state());
        assertEquals("up", workflow.fire("restart").state());
    }

    @Test
    void a_hook_error_stores_change_type_and_message_and_reset_returns_to_up() {
        Workflow workflow = open();
        workflow.synchronize();
        workflow.fire("error", RelationWorkflow.error(ChangeType.CHANGED, "db-relation-changed exited 2"));
        WorkflowState stored = open().state();
        assertEquals("error", stored.state());
        assertEquals(Map.of("change_type", "changed", "error_message", "db-relation-changed exited 2"),
                stored.vars());
        assertEquals(new FireResult.Completed("reset", "up"), workflow.fire("reset"));
        assertEquals(Map.of(), open().state().vars());
    }

    @Test
    void depart_leaves_up_down_and_error_and_runs_broken() {
        for (List<String> path : List.<List<String>>of(List.of(), List.of("stop"), List.of("error"))) {
            Path sub = dir.resolve("p" + String.join("-", path));
            Workflow workflow = Workflows.open("r", RelationWorkflow.DEFINITION,
                    Workflows.fileStore(sub.resolve("r.json"), RelationWorkflow.DEFINITION, mapper),
                    Workflows.fileHistory(sub.resolve("r.history"), mapper, Clock.systemUTC()), StateReplica.NONE,
                    TransitionActions.NONE);
            workflow.synchronize();
            path.forEach(id -> workflow.fire(id));
            int[] broken = {0};
            FireResult departed = workflow.fire("depart", RelationWorkflow.depart("db:1", context -> {
                broken[0]++;
                return ActionResult.success();
            }));
            assertEquals("departed", departed.state(), path.toString());
            assertEquals(1, broken[0]);
        }
    }

    @Test
    void a_failed_broken_hook_still_departs() {
        Workflow workflow = open();
        workflow.synchronize();
        FireResult result = workflow.fire("depart",
                RelationWorkflow.depart("db:1", context -> ActionResult.hookFailed("db-relation-broken exited 1")));
        assertEquals(new FireResult.Completed("depart_from_up", "departed"), result);
        assertEquals("departed", open().state().state());
    }
}
