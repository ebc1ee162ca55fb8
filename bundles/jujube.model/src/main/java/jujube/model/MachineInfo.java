package jujube.model;

import java.util.Map;

/**
 * A machine as status shows it.
 *
 * @param id the machine's number
 * @param instanceId the provider's id of its instance, empty when not provisioned yet
 * @param agentConnected whether its machine agent's presence node exists
 * @param limits what its agent reports of the machine's limits it reached, by limit ({@code processes},
 *     {@code memory}, {@code disk}): empty when none, or when no agent is up to tell
 */
public record MachineInfo(int id, String instanceId, boolean agentConnected, Map<String, String> limits) {
    public MachineInfo {
        limits = Map.copyOf(limits);
    }

    /** A machine whose agent reports no limit reached. */
    public MachineInfo(int id, String instanceId, boolean agentConnected) {
        this(id, instanceId, agentConnected, Map.of());
    }

    /**
     * What the instance id of a machine on another host begins with, {@code ssh:[USER@]HOST}.
     *
     */
    public static final String SSH_INSTANCE_PREFIX = "ssh:";

    /**
     * Whether the machine is on another host, added over SSH: a service of that host runs its agent, no
     * provider does, and the command line that installed it removes it. Nothing else starts, restarts
     * or removes it, however long its agent stays away.
     *
     */
    public boolean onAnotherHost() {
        return instanceId.startsWith(SSH_INSTANCE_PREFIX);
    }
}
