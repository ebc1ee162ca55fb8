package jujube.provider.local;

/**
 * Where a local environment puts a new unit when no machine is named, kept in {@code environment.yaml}
 * as {@code placement} and in the environment's settings: all on machine 0, or each on an unassigned machine.
 *
 * @since 3.1
 */
public enum PlacementPolicy {
    /** Every unit on machine 0. */
    LOCAL("local"),
    /** Each unit on a machine without units, a new one when there is none. */
    UNASSIGNED("unassigned");

    private final String key;

    PlacementPolicy(String key) {
        this.key = key;
    }

    /** How {@code environment.yaml}, the environment's settings and the command line write it. */
    public String key() {
        return key;
    }

    /**
     * The placement {@code key} names.
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static PlacementPolicy of(String key) {
        for (PlacementPolicy placement : values()) {
            if (placement.key.equals(key)) {
                return placement;
            }
        }
        throw new IllegalArgumentException("must be local or unassigned, got '" + key + "'");
    }
}
