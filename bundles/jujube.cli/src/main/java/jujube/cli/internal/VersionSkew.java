package jujube.cli.internal;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.cli.CliException;

/**
 * Whether this command line comes from another distribution than the environment's agents run: the
 * controller's reported version, or without a report of the controller's, the version most machines report.
 * Said in one line on standard error by {@code status} and {@code upgrade-agents --dry-run}; nothing is said
 * while either version is unknown (a distribution without {@code lib/dist.properties}, agents that did not report).
 */
final class VersionSkew {
    private VersionSkew() {}

    /** The warning, when the two versions are known and differ. */
    static Optional<String> warning(String cliVersion, Optional<String> controllerVersion, Collection<String> machineVersions) {
        Optional<String> environment = environmentVersion(controllerVersion, machineVersions);
        if (!known(cliVersion) || environment.isEmpty() || environment.get().equals(cliVersion)) {
            return Optional.empty();
        }
        return Optional.of("warning: this jujube is " + cliVersion + ", the environment runs " + environment.get()
                + "; 'jujube upgrade-agents' upgrades it");
    }

    /** The controller's version if known, else the one most machines run (of two as common, the greater). */
    static Optional<String> environmentVersion(Optional<String> controllerVersion, Collection<String> machineVersions) {
        if (controllerVersion.filter(VersionSkew::known).isPresent()) {
            return controllerVersion;
        }
        Map<String, Integer> counts = new TreeMap<>();
        machineVersions.stream().filter(VersionSkew::known).forEach(v -> counts.merge(v, 1, Integer::sum));
        return counts.entrySet().stream()
                .max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())))
                .map(Map.Entry::getKey);
    }

    /** This command line's distribution's version; empty outside a distribution or when it does not say. */
    static String cliVersion() {
        try {
            return Distribution.dirIfKnown().map(DistributionBundles::version).orElse("");
        } catch (CliException e) {
            return ""; // a warning is no reason to fail a status
        }
    }

    private static boolean known(String version) {
        return !version.isEmpty() && !version.equals("unknown");
    }
}
