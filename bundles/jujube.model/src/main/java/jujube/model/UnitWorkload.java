package jujube.model;

import java.util.Objects;

/**
 * A unit's workload as its charm describes it: its status, whether the charm set it (until it does, the
 * agent sets it as it installs and starts the unit, and never afterwards), and the version of the software
 * the charm runs ({@code application-version-set}).
 *
 * @param status the workload status
 * @param setByCharm whether the charm set the status
 * @param version the workload version; empty for none
 */
public record UnitWorkload(WorkloadStatus status, boolean setByCharm, String version) {
    /** The longest workload version, in characters. */
    public static final int MAX_VERSION = 256;

    public UnitWorkload {
        Objects.requireNonNull(status, "status");
        version = version == null ? "" : version;
    }
}
