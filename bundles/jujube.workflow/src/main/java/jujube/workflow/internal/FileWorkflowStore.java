package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import jujube.files.AtomicFiles;
import jujube.files.SmallFiles;
import jujube.workflow.Transition;
import jujube.workflow.WorkflowDefinition;
import jujube.workflow.WorkflowState;
import jujube.workflow.WorkflowStore;

/**
 * A workflow's state in one JSON file, {@code {"version":1,"state":..,"in_flight":..,"vars":{..}}},
 * replaced atomically on every save and checked against the definition on every load and save; a file
 * over {@link #MAX_BYTES} is refused before it is read.
 */
public final class FileWorkflowStore implements WorkflowStore {
    static final int FORMAT_VERSION = 1;
    /** Far above what a state with its error message takes (a few hundred bytes); checked before reading. */
    public static final int MAX_BYTES = 1 << 20;
    private final Path file;
    private final WorkflowDefinition definition;
    private final ObjectMapper mapper;

    public FileWorkflowStore(Path file, WorkflowDefinition definition, ObjectMapper mapper) {
        this.file = file;
        this.definition = definition;
        this.mapper = mapper;
    }

    @Override
    public WorkflowState load() {
        byte[] content;
        try {
            content = SmallFiles.read(file, MAX_BYTES);
        } catch (NoSuchFileException e) {
            return WorkflowState.initial();
        } catch (IOException e) {
            throw JsonReader.unreadable(file, e);
        }
        JsonReader json = new JsonReader(file);
        JsonNode root = json.parse(mapper, content);
        json.requireVersion(root, FORMAT_VERSION);
        WorkflowState state = new WorkflowState(json.string(root, "state"), json.optionalString(root, "in_flight"),
                json.stringMap(root, "vars"));
        String problem = problem(state);
        if (problem != null) {
            throw json.fail(problem);
        }
        return state;
    }

    @Override
    public void save(WorkflowState state) {
        String problem = problem(state);
        if (problem != null) {
            // a bug in the caller: refuse to write what the next load would reject
            throw new IllegalArgumentException(file + ": refusing to store " + state + ": " + problem);
        }
        ObjectNode root = mapper.createObjectNode();
        root.put("version", FORMAT_VERSION);
        root.put("state", state.state());
        root.put("in_flight", state.inFlight());
        ObjectNode vars = root.putObject("vars");
        state.vars().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> vars.put(e.getKey(), e.getValue()));
        try {
            AtomicFiles.write(file, mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not encode workflow state", e);        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private String problem(WorkflowState state) {
        if (!definition.states().contains(state.state())) {
            return "unknown state '" + state.state() + "'";
        }
        if (state.inFlight() == null) {
            return null;
        }
        if (!definition.hasTransition(state.inFlight())) {
            return "unknown in-flight transition '" + state.inFlight() + "'";
        }
        Transition inFlight = definition.transition(state.inFlight());
        if (!inFlight.from().equals(state.state())) {
            return "in-flight transition '" + inFlight.id() + "' does not leave state '" + state.state() + "'";
        }
        return null;
    }
}
