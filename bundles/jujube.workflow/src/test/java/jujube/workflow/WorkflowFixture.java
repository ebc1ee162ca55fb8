package jujube.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** A unit workflow on a real temporary directory, with recorded hooks and replica. */
abstract class WorkflowFixture {
    @TempDir
    Path dir;
    final ObjectMapper mapper = new ObjectMapper();
    final UnitHooks hooks = new UnitHooks();
    final List<String> replica = new ArrayList<>();

    Path stateFile() {
        return dir.resolve("unit.json");
    }

    WorkflowStore store() {
        return Workflows.fileStore(stateFile(), UnitWorkflow.DEFINITION, mapper);
    }

    HistoryLog history() {
        return Workflows.fileHistory(dir.resolve("unit.history"), mapper,
                Clock.fixed(Instant.parse("2012-04-01T00:00:00Z"), ZoneOffset.UTC));
    }

    /** Opens the workflow from disk, as a (re)started agent does. */
    Workflow open() {
        return open(hooks);
    }

    Workflow open(TransitionActions actions) {
        return Workflows.open("wordpress/0", UnitWorkflow.DEFINITION, store(), history(),
                state -> replica.add(state.state()), actions);
    }

    /** A workflow synchronized into started. */
    Workflow started() {
        Workflow workflow = open();
        workflow.synchronize();
        hooks.ran.clear();
        return workflow;
    }
}
