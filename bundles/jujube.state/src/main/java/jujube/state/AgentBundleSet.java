package jujube.state;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The bundles an agent runs, or is to run, with the version of the distribution they come from: the
 * agent's own bundles only (the libraries and the OSGi runtime stay as the distribution installed them).
 * Sorted by name, each name once.
 *
 * @param version the distribution's version ({@code 1.1.0}); empty when unknown
 * @since 8.1
 */
public record AgentBundleSet(String version, List<AgentBundle> bundles) {
    /** More than any distribution holds: a set past it is not one an agent could run. */
    public static final int MAX_BUNDLES = 256;

    public AgentBundleSet {
        Objects.requireNonNull(version, "version");
        if (bundles.size() > MAX_BUNDLES) {
            throw new IllegalArgumentException("a set of " + bundles.size() + " bundles, over " + MAX_BUNDLES);
        }
        List<AgentBundle> sorted = new ArrayList<>(bundles);
        sorted.sort(Comparator.comparing(AgentBundle::name));
        Set<String> names = new HashSet<>();
        for (AgentBundle b : sorted) {
            if (!names.add(b.name())) {
                throw new IllegalArgumentException("bundle " + b.name() + " is in the set twice");
            }
        }
        bundles = List.copyOf(sorted);
    }

    /** The bundle named {@code name}, if the set has it. */
    public Optional<AgentBundle> bundle(String name) {
        return bundles.stream().filter(b -> b.name().equals(name)).findFirst();
    }

    /** The bundles of {@code target} this set does not have as they are there: new ones, or other jars. */
    public List<AgentBundle> changedIn(AgentBundleSet target) {
        return target.bundles().stream()
                .filter(b -> bundle(b.name()).map(mine -> !mine.sha256().equals(b.sha256())).orElse(true))
                .toList();
    }

    /** The names of this set's bundles that {@code target} no longer has. */
    public List<String> removedIn(AgentBundleSet target) {
        return bundles.stream().map(AgentBundle::name).filter(n -> target.bundle(n).isEmpty()).toList();
    }
}
