package jujube.state.store;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import jujube.state.IncompatibleTopologyException;
import jujube.state.TopologyMigration;

/**
 * Brings a stored topology up to {@link Topology#VERSION} by running the registered steps in order.
 * It only transforms maps (the last step, 2 to 3, gives the version-3 nodes by path): storing the result
 * is {@link TopologyStore}'s, whose requests each require the older root unchanged, so two processes
 * migrating at once store one result and the loser sees an already migrated topology.
 */
public final class TopologyMigrator {
    private final Supplier<List<TopologyMigration>> steps;

    public TopologyMigrator(Supplier<List<TopologyMigration>> steps) {
        this.steps = steps;
    }

    /** Whether content at this version needs migrating; fails for a version newer than this code knows. */
    static boolean needsMigration(int version) {
        if (version > Topology.VERSION) {
            throw new IncompatibleTopologyException(
                    "incompatible topology version (found " + version + ", want " + Topology.VERSION + ")");
        }
        return version < Topology.VERSION;
    }

    Map<String, Object> migrate(Map<String, Object> raw) {
        int version = TopologyCodec.version(raw);
        while (needsMigration(version)) {
            final int from = version;
            TopologyMigration step = steps.get().stream().filter(s -> s.fromVersion() == from).findFirst()
                    .orElseThrow(() -> new IncompatibleTopologyException("incompatible topology version (found "
                            + from + ", want " + Topology.VERSION + "): no migration from version " + from
                            + " is installed"));
            raw = step.migrate(raw);
            version = TopologyCodec.version(raw);
            if (version != from + 1) {
                throw new IllegalStateException(step + " migrated version " + from + " to " + version);
            }
        }
        return raw;
    }
}
