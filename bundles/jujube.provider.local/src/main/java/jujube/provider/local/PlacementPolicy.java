package jujube.provider.local;

/**
 * Where a local environment puts a new unit when no machine is named, kept in {@code environment.yaml}
 * as {@code placement} and in the environment's settings: all on machine 0, or each on an unassigned machine.
 *
 * @since 3.1
 */
public enum PlacementPolicy {
    /** Every unit on machine 0. */
    LOCAL,
    /** Each unit on a machine without units, a new one when there is none. */
    UNASSIGNED;

    /** How {@code environment.yaml}, the environment's settings and the command line write it. */
    public String key() {
        return EnumKeys.key(this);
    }

    /**
     * The placement {@code key} names.
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static PlacementPolicy of(String key) {
        return EnumKeys.of(PlacementPolicy.class, key);
    }
}
