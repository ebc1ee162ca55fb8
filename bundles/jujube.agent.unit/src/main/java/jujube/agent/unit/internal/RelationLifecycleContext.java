package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import jujube.hooks.HookExecutor;
import jujube.hooks.UnitHookRunner;
import jujube.state.UnitHandle;
import jujube.model.UnitName;

/**
 * What the unit agent hands its relation lifecycles: the state connection, the unit and its service, the
 * directory of the unit's persisted workflow files ({@code <unitDir>/state}) and the agent's one JSON
 * mapper, which reads and writes them, the hook runner and the unit's one hook executor (relation hooks
 * queue behind the unit's own hooks), the scope handlers, how failed relation hooks are retried, and
 * where to report a relation's corrupt files found off the agent's thread.
 */
record RelationLifecycleContext(UnitHandle state, UnitName unit, String service, Path stateDir, ObjectMapper mapper,
        UnitHookRunner runner, HookExecutor executor, ScopeHandlers scopes, RelationHookRetries retries,
        Consumer<LocalStateProblem> corrupt) {

    RelationLifecycleContext {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(mapper, "mapper");
        Objects.requireNonNull(runner, "runner");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(scopes, "scopes");
        Objects.requireNonNull(retries, "retries");
        Objects.requireNonNull(corrupt, "corrupt");
    }
}
