package jujube.cli.internal;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A bundle as Go juju reads one, the parts Jujube deploys: applications (a charm path, units, options,
 * placement, exposure), relations and machines. Only its shape is checked here ({@link BundleFile});
 * what it means against an environment is {@link BundlePlan}'s.
 *
 * @param file the bundle file, as the operator named it (messages start with its name)
 * @param applications by name, in the file's order
 * @param relations each a pair of endpoints, {@code service[:relation]}
 * @param machines the declared machine numbers, in the file's order
 * @param series the series local charm URLs get, when the bundle names one
 */
record Bundle(Path file, Map<String, Application> applications, List<Relation> relations, Set<String> machines,
        Optional<String> series) {
    Bundle {
        applications = Collections.unmodifiableMap(new LinkedHashMap<>(applications));
        relations = List.copyOf(relations);
        machines = Collections.unmodifiableSet(new LinkedHashSet<>(machines));
    }

    /** The directory relative charm paths start from. */
    Path dir() {
        Path parent = file.toAbsolutePath().normalize().getParent();
        return parent == null ? Path.of("/") : parent;
    }

    /** The name messages call the bundle by: its file's name. */
    String label() {
        return String.valueOf(file.getFileName());
    }

    /**
     * One application.
     *
     * @param name its service name
     * @param charm the charm's path as written, relative to the bundle's directory unless absolute
     * @param units {@code num_units}; empty when not given (0 for a subordinate, else 1)
     * @param options its options as YAML typed them, unchecked against the charm
     * @param to the bundle machine each unit goes to, unit by unit
     * @param expose whether the service is exposed
     */
    record Application(String name, String charm, Optional<Integer> units, Map<String, Object> options, List<String> to,
            boolean expose) {
        Application {
            options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
            to = List.copyOf(to);
        }
    }

    /**
     * One relation.
     *
     * @param index its position in {@code relations}, for messages
     * @param endpoints its two endpoints as written
     */
    record Relation(int index, List<String> endpoints) {
        Relation {
            endpoints = List.copyOf(endpoints);
        }

        String where() {
            return "relations[" + index + "]";
        }
    }
}
