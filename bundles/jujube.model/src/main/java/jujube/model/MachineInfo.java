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
 * @param agentSeen whether its machine agent ever connected (since 1.2): a machine whose agent is away is
 *     down only if it was up once; before, it is still starting
 */
public record MachineInfo(int id, String instanceId, boolean agentConnected, Map<String, String> limits,
        boolean agentSeen) {
    public MachineInfo {
        limits = Map.copyOf(limits);
    }

    /** A machine whose agent, if away, was never seen: as before 1.2. */
    public MachineInfo(int id, String instanceId, boolean agentConnected, Map<String, String> limits) {
        this(id, instanceId, agentConnected, limits, agentConnected);
    }

    /** A machine whose agent reports no limit reached. */
    public MachineInfo(int id, String instanceId, boolean agentConnected) {
        this(id, instanceId, agentConnected, Map.of());
    }

    /**
     * Where its agent is, as status says it: {@code running} while it is connected; {@code pending} until
     * the provisioning agent started the machine (it has no instance); {@code starting} from then until
     * its agent first connects; {@code down} once an agent that was up is gone.
     *
     * @since 1.2
     */
    public String agentState() {
        if (agentConnected) {
            return "running";
        }
        if (instanceId.isEmpty()) {
            return "pending";
        }
        return agentSeen ? "down" : "starting";
    }

    /**
     * What a machine that is not running waits for, or why it is down; empty while it runs.
     *
     * @since 1.2
     */
    public String agentStateInfo() {
        return switch (agentState()) {
            case "pending" -> "waiting for the provisioning agent to start it";
            case "starting" -> "waiting for its agent to connect for the first time";
            case "down" -> "its agent was up and is gone";
            default -> "";
        };
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
