package jujube.agent.unit.internal;

import java.nio.file.Path;
import java.util.Objects;
import jujube.hooks.HookExecutor;
import jujube.hooks.UnitHookRunner;
import jujube.state.StateConnection;
import jujube.state.UnitName;
import jujube.workflow.RetryPolicy;

/**
 * What the unit agent hands its relation lifecycles: the state connection, the unit and its service, the
 * directory of the unit's persisted workflow files ({@code <unitDir>/state}), the hook runner and the
 * unit's one hook executor (relation hooks queue behind the unit's own hooks), the scope handlers and the
 * retry policy for failed relation hooks.
 */
record RelationLifecycleContext(StateConnection state, UnitName unit, String service, Path stateDir,
        UnitHookRunner runner, HookExecutor executor, ScopeHandlers scopes, RetryPolicy retry) {

    RelationLifecycleContext {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(runner, "runner");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(scopes, "scopes");
        Objects.requireNonNull(retry, "retry");
    }
}
