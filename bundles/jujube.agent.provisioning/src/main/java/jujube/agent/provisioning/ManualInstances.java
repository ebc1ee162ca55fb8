package jujube.agent.provisioning;

/**
 * Instances no provider started: machines the command line added on other hosts over SSH, whose instance
 * id is {@code ssh:[USER@]HOST}. Their agents run as services of their hosts, which restart them; the
 * command line that installed them stops and removes them. The provisioning agent never launches,
 * relaunches or terminates them, however long their agents stay away.
 */
public final class ManualInstances {
    /** What every such instance id begins with. */
    public static final String SSH_PREFIX = "ssh:";

    private ManualInstances() {
    }

    /** Whether {@code instanceId} names an instance no provider started. */
    public static boolean isManual(String instanceId) {
        return instanceId != null && instanceId.startsWith(SSH_PREFIX);
    }
}
