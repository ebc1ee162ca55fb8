package jujube.state.curator.internal;

import jujube.state.store.Fields;
import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.StateContext;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import jujube.model.CharmChecksumMismatchException;
import jujube.model.CharmRecord;
import jujube.state.Charms;
import jujube.model.NoSuchCharmException;
import org.apache.zookeeper.KeeperException;

/** Charms under {@code /charms/<quoted id>}: written once, never changed, so no compare-and-set is needed. */
final class CuratorCharms implements Charms {
    private final StateContext ctx;
    private final CharmArchiveNodes archives;

    CuratorCharms(StateContext ctx) {
        this.ctx = ctx;
        this.archives = new CharmArchiveNodes(ctx);
    }

    @Override
    public void storeArchive(String charmId, Path archive) {
        archives.store(get(charmId), archive);
    }

    @Override
    public boolean fetchArchive(String charmId, OutputStream out) {
        return archives.fetch(get(charmId), out);
    }

    @Override
    public CharmRecord publish(CharmRecord charm) {
        String path = Paths.charm(charm.id());
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("url", charm.url());
        content.put("sha256", charm.sha256());
        content.put("metadata", charm.metadata());
        content.put("config", charm.config());
        if (!charm.actions().isEmpty()) {
            content.put("actions", charm.actions());
        }
        try {
            ctx.client().create().forPath(path, ctx.reader().bytes(path, content));
            return charm;
        } catch (KeeperException.NodeExistsException e) {
            // an earlier or concurrent upload of the same id: fine only if it is the same bundle
            CharmRecord stored = get(charm.id());
            if (!stored.sha256().equals(charm.sha256())) {
                throw new CharmChecksumMismatchException(charm.id(), stored.sha256(), charm.sha256());
            }
            return stored;
        } catch (jujube.model.StateException e) {
            throw e; // NodeTooLargeException: its own message names the node and the limit
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public CharmRecord get(String charmId) {
        return find(charmId).orElseThrow(() -> new NoSuchCharmException(charmId));
    }

    @Override
    public Optional<CharmRecord> find(String charmId) {
        return ctx.reader().presentYamlMap(Paths.charm(charmId)).map(node -> record(charmId, node));
    }

    /** Adds the read of a charm's node to {@code batch}; the charm, when published, once it is in. */
    Supplier<Optional<CharmRecord>> find(String charmId, NodeBatch batch) {
        String path = Paths.charm(charmId);
        CompletableFuture<byte[]> node = batch.data(path);
        return () -> Optional.ofNullable(node.join()).map(data -> record(charmId, ctx.reader().parse(path, data)));
    }

    private static CharmRecord record(String charmId, Map<String, Object> node) {
        Fields f = new Fields(Paths.charm(charmId));
        return new CharmRecord(charmId, f.string(node.get("url"), "url"),
                f.string(node.get("sha256"), "sha256"), f.map(node.get("metadata"), "metadata"),
                f.map(node.get("config"), "config"),
                node.get("actions") == null ? Map.of() : f.map(node.get("actions"), "actions"));
    }

    @Override
    public List<CharmRecord> list() {
        List<CharmRecord> charms = new ArrayList<>();
        try {
            for (String quoted : ctx.client().getChildren().forPath(Paths.CHARMS)) {
                String id = java.net.URLDecoder.decode(quoted, java.nio.charset.StandardCharsets.UTF_8);
                find(id).ifPresent(charms::add);
            }
        } catch (jujube.model.StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(Paths.CHARMS, e);
        }
        charms.sort((a, b) -> a.id().compareTo(b.id()));
        return charms;
    }
}
