package jujube.workflow;

import java.util.Arrays;
import java.util.Optional;

/**
 * The relation workflow's states with what the relation's lifecycle does in each: whether it watches
 * the related units (and queues changes) and whether it executes queued hooks.
 */
public enum RelationState {
    NONE("none", false, false),
    UP("up", true, true),
    DOWN("down", false, false),
    /** Keeps watching and queueing so no change is lost, executes nothing until reset. */
    ERROR("error", true, false),
    DEPARTED("departed", false, false);

    private final String stateName;
    private final boolean watches;
    private final boolean executes;

    RelationState(String stateName, boolean watches, boolean executes) {
        this.stateName = stateName;
        this.watches = watches;
        this.executes = executes;
    }

    public String stateName() {
        return stateName;
    }

    /** Whether the related units are watched and their changes queued. */
    public boolean watches() {
        return watches;
    }

    /** Whether queued hooks are executed. */
    public boolean executes() {
        return executes;
    }

    public static Optional<RelationState> named(String name) {
        return Arrays.stream(values()).filter(s -> s.stateName.equals(name)).findFirst();
    }
}
