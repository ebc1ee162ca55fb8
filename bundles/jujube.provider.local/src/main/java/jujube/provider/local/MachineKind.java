package jujube.provider.local;

/**
 * What a local environment's machines are, chosen at bootstrap and kept in {@code environment.yaml} as
 * {@code machines}: processes of this host, or unprivileged LXC containers ({@link ContainerSettings}).
 *
 * @since 3.1
 */
public enum MachineKind {
    /** A {@code jujube-agent machine} process of this host. */
    PROCESS,
    /** An unprivileged LXC container on the environment's bridge. */
    CONTAINER;

    /** How {@code environment.yaml} and the command lines write it: {@code process} or {@code container}. */
    public String key() {
        return EnumKeys.key(this);
    }

    /**
     * The kind {@code key} names.
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static MachineKind of(String key) {
        return EnumKeys.of(MachineKind.class, key);
    }
}
