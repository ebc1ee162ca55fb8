package jujube.workflow;

import java.util.Arrays;
import java.util.Optional;

/**
 * The unit workflow's states, with the lifecycle table of seed 001 as data: which parts of the unit's
 * lifecycle run while a unit rests in a stored state.
 *
 * <ul>
 * <li>started: hook execution and relation lifecycles;</li>
 * <li>charm_upgrade_error: relation lifecycles (they keep watching and queueing) but no hook
 * execution, since the charm on disk may be half upgraded;</li>
 * <li>none and installed: the automatic transitions proceed to started (hooks run for them);</li>
 * <li>stopped and the other error states: hook execution (for the retries) but no relation
 * lifecycles.</li>
 * </ul>
 */
public enum UnitState {
    NONE("none", true, false, true),
    INSTALLED("installed", true, false, true),
    STARTED("started", true, true, false),
    STOPPED("stopped", true, false, false),
    INSTALL_ERROR("install_error", true, false, false),
    START_ERROR("start_error", true, false, false),
    STOP_ERROR("stop_error", true, false, false),
    CONFIGURE_ERROR("configure_error", true, false, false),
    /** A hook of a started unit other than config-changed and upgrade-charm failed (leader-elected ...). */
    HOOK_ERROR("hook_error", true, false, false),
    CHARM_UPGRADE_ERROR("charm_upgrade_error", false, true, false);

    private final String stateName;
    private final boolean hookExecution;
    private final boolean relations;
    private final boolean proceedsToStarted;

    UnitState(String stateName, boolean hookExecution, boolean relations, boolean proceedsToStarted) {
        this.stateName = stateName;
        this.hookExecution = hookExecution;
        this.relations = relations;
        this.proceedsToStarted = proceedsToStarted;
    }

    /** The name the workflow stores and replicates. */
    public String stateName() {
        return stateName;
    }

    /** Whether the hook executor runs in this state. */
    public boolean runsHookExecution() {
        return hookExecution;
    }

    /** Whether the relation lifecycles run in this state. */
    public boolean runsRelations() {
        return relations;
    }

    /** Whether synchronize moves on from this state by automatic transitions. */
    public boolean proceedsToStarted() {
        return proceedsToStarted;
    }

    /** Whether this is an error state, left only by {@code retry} or {@code retry_hook}. */
    public boolean isError() {
        return stateName.endsWith("_error");
    }

    /** The state of this name, if the unit workflow has one. */
    public static Optional<UnitState> named(String name) {
        return Arrays.stream(values()).filter(s -> s.stateName.equals(name)).findFirst();
    }
}
