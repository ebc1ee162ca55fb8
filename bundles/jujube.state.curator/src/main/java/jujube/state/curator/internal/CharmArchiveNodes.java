package jujube.state.curator.internal;

import java.io.OutputStream;
import java.nio.file.Path;
import jujube.model.CharmRecord;
import jujube.state.Charms;
import jujube.state.store.Paths;
import jujube.state.store.StateContext;

/**
 * Charm archives kept in the state, below each charm's node ({@link ChunkedNodes}): chunks {@code archive-N},
 * then {@code archive}. The same charm id always has the same content, checked against the charm's sha256.
 */
final class CharmArchiveNodes {
    private final StateContext ctx;

    CharmArchiveNodes(StateContext ctx) {
        this.ctx = ctx;
    }

    void store(CharmRecord charm, Path archive) {
        nodes(charm).store(ctx, archive, charm.sha256());
    }

    boolean fetch(CharmRecord charm, OutputStream out) {
        return nodes(charm).fetch(ctx, charm.sha256(), out);
    }

    private static ChunkedNodes nodes(CharmRecord charm) {
        String base = Paths.charm(charm.id());
        return new ChunkedNodes(base + "/archive", i -> base + "/archive-" + i, Charms.MAX_ARCHIVE_BYTES,
                "charm archive of " + charm.id());
    }
}
