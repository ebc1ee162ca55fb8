package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import jujube.workflow.HookQueue;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.StateReplica;
import jujube.workflow.TransitionActions;
import jujube.workflow.Workflow;
import jujube.workflow.Workflows;

/**
 * Where one unit relation's persisted state lives, under {@code <stateDir>/relations/}:
 * {@code <relation id>.json} (the relation workflow), {@code <relation id>.history} and
 * {@code <relation id>.queue.json} (the hook queue), in the formats of the workflow bundle.
 *
 * @param dir {@code <stateDir>/relations}
 * @param stateId {@code relation-0000000003}
 * @param mapper the agent's JSON mapper
 */
record RelationFiles(Path dir, String stateId, ObjectMapper mapper) {

    Path stateFile() {
        return dir.resolve(stateId + ".json");
    }

    Path queueFile() {
        return dir.resolve(stateId + ".queue.json");
    }

    Path historyFile() {
        return dir.resolve(stateId + ".history");
    }

    /** @throws jujube.workflow.CorruptStateFileException when the stored queue is invalid */
    HookQueue queue() {
        return Workflows.hookQueue(Workflows.fileQueueStore(queueFile(), mapper));
    }

    /** @throws jujube.workflow.CorruptStateFileException when the stored state is invalid */
    Workflow workflow(String name, TransitionActions actions, StateReplica replica) {
        return Workflows.open(name, RelationWorkflow.DEFINITION,
                Workflows.fileStore(stateFile(), RelationWorkflow.DEFINITION, mapper),
                Workflows.fileHistory(historyFile(), mapper, Clock.systemUTC()), replica, actions);
    }

    /** Deletes the workflow and queue files of a departed relation. */
    void deleteState() {
        try {
            Files.deleteIfExists(queueFile());
            Files.deleteIfExists(stateFile());
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the state of " + stateId, e);
        }
    }
}
