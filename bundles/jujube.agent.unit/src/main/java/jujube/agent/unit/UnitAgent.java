package jujube.agent.unit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One running unit agent, registered as a service per unit (a factory component instance created by
 * the machine agent through ConfigAdmin, factory pid {@code jujube.agent.unit}). Operators and tests
 * read it; nobody drives a unit through it: operator requests travel through ZooKeeper flags.
 */
@ProviderType
public interface UnitAgent {

    /** The unit, {@code wordpress/0}. */
    String unitName();

    /**
     * The unit workflow's state as last stored on the unit's disk ({@code none}, {@code started},
     * {@code install_error}, ...); {@code none} before the agent's first transition; since 1.1,
     * {@code local_state_error} while the unit's files on disk are corrupt and the agent waits for their reset.
     */
    String workflowState();

    /** Whether the agent is connected to ZooKeeper and its presence node exists. */
    boolean isConnected();

    /** Whether the unit was retired (stop hook run, relations departed, marker file written). */
    boolean isRetired();
}
