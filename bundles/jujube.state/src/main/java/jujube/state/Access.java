package jujube.state;


import jujube.access.CredentialFiles;
import jujube.access.OneTimeCredential;

import jujube.model.StateException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The environment's access control, as the administrator (the command line, the controller) sees it.
 * Every node's ACL comes from one policy by path (docs/security.md); the administrator may do everything.
 * Every method here is the administrator's: another principal's connection gets a {@link StateException}.
 *
 * @since 3.2
 */
@ProviderType
public interface Access {
    /**
     * Issues a fresh one-time credential for the machine's agent, revoking one issued earlier and not
     * redeemed yet. The provider hands it to the machine ({@link CredentialFiles#ONE_TIME} in its data
     * directory), whose agent redeems it ({@code StateConnections.redeem} of {@code jujube.state.curator}) for its own credentials.
     *
     * @throws NoSuchMachineException when the machine does not exist
     */
    OneTimeCredential issueOneTimeCredential(int machineId);

    /** Whether every node follows the current policy: the environment was made under it, or brought under it. */
    boolean isPolicyApplied();

    /**
     * Brings the environment under the policy: makes the principals it lacks (an environment created
     * before the policy has none), prepares every relation's scope, sets every node's ACL to the policy's.
     * Idempotent; what the controller does when it first starts with this code.
     *
     * @return how many nodes' ACLs changed
     */
    int applyPolicy();

    /**
     * Serves, until closed, what machine agents ask the administrator to do for them (a subordinate unit
     * added to or removed from one of their containers, their machine removed once empty), each checked
     * against the topology first: what the controller runs.
     */
    AutoCloseable serveMachineRequests();
}
