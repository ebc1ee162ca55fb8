package jujube.provider.local;

/**
 * What a local environment's machines are, chosen at bootstrap and kept in {@code environment.yaml} as
 * {@code machines}: processes of this host, or unprivileged LXC containers ({@link ContainerSettings}).
 *
 * @since 3.1
 */
public enum MachineKind {
    /** A {@code jujube-agent machine} process of this host. */
    PROCESS("process"),
    /** An unprivileged LXC container on the environment's bridge. */
    CONTAINER("container");

    private final String key;

    MachineKind(String key) {
        this.key = key;
    }

    /** How {@code environment.yaml} and the command lines write it: {@code process} or {@code container}. */
    public String key() {
        return key;
    }

    /**
     * The kind {@code key} names.
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static MachineKind of(String key) {
        for (MachineKind kind : values()) {
            if (kind.key.equals(key)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("must be process or container, got '" + key + "'");
    }
}
