package jujube.state.curator.internal;

import jujube.state.store.Fields;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.StateContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import jujube.model.CharmRecord;
import jujube.state.Charms;
import jujube.state.CorruptStateException;
import jujube.model.StateException;
import org.apache.zookeeper.KeeperException;

/**
 * Charm archives kept in the state, below each charm's node: chunks {@code archive-N} of at most
 * {@link #CHUNK_BYTES}, then {@code archive}, which names their number, the archive's size and its
 * sha256. The listing node is created last, so its presence means every chunk is there; chunks a crash
 * left without it are overwritten by the next store (the same charm id always has the same content).
 */
final class CharmArchiveNodes {
    /** Half the node limit: ZooKeeper's packets must also carry the path and the request. */
    static final int CHUNK_BYTES = 512 * 1024;
    private final StateContext ctx;

    CharmArchiveNodes(StateContext ctx) {
        this.ctx = ctx;
    }

    void store(CharmRecord charm, Path archive) {
        String listing = listing(charm.id());
        if (ctx.reader().exists(listing)) {
            return;
        }
        long size;
        try {
            size = Files.size(archive);
        } catch (IOException e) {
            throw new StateException("cannot read charm archive " + archive + ": " + e.getMessage(), e);
        }
        if (size > Charms.MAX_ARCHIVE_BYTES) {
            throw new StateException("charm archive " + archive + " is " + size + " bytes, over the "
                    + Charms.MAX_ARCHIVE_BYTES + " the state keeps");
        }
        MessageDigest sha256 = sha256();
        int chunks = 0;
        try (InputStream in = Files.newInputStream(archive)) {
            byte[] chunk;
            while ((chunk = in.readNBytes(CHUNK_BYTES)).length > 0 || chunks == 0) {
                sha256.update(chunk);
                String path = chunk(charm.id(), chunks++);
                ctx.client().create().orSetData().forPath(path, chunk);
                if (chunk.length < CHUNK_BYTES) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new StateException("cannot read charm archive " + archive + ": " + e.getMessage(), e);
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(chunk(charm.id(), chunks), e);
        }
        String hex = HexFormat.of().formatHex(sha256.digest());
        if (!hex.equals(charm.sha256())) {
            throw new StateException("charm archive " + archive + " is not the one " + charm.id()
                    + " was published with (sha256 " + hex + ", published " + charm.sha256() + ")");
        }
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("chunks", chunks);
        content.put("size", size);
        content.put("sha256", hex);
        try {
            ctx.client().create().forPath(listing, ctx.reader().bytes(listing, content));
        } catch (KeeperException.NodeExistsException e) {
            // stored meanwhile by another: the same content
        } catch (Exception e) {
            throw NodeReader.failure(listing, e);
        }
    }

    boolean fetch(CharmRecord charm, OutputStream out) {
        String listing = listing(charm.id());
        Optional<Map<String, Object>> node = ctx.reader().presentYamlMap(listing);
        if (node.isEmpty()) {
            return false;
        }
        Fields f = new Fields(listing);
        int chunks = f.integer(node.get().get("chunks"), "chunks");
        long size = f.integer(node.get().get("size"), "size");
        if (chunks < 1 || size < 0 || size > Charms.MAX_ARCHIVE_BYTES || chunks > size / CHUNK_BYTES + 1) {
            throw new CorruptStateException(listing, chunks + " chunks of a " + size + " byte archive");
        }
        MessageDigest sha256 = sha256();
        long written = 0;
        for (int i = 0; i < chunks; i++) {
            String path = chunk(charm.id(), i);
            byte[] data;
            try {
                data = ctx.client().getData().forPath(path);
            } catch (KeeperException.NoNodeException e) {
                throw new CorruptStateException(path, "chunk " + i + " of " + chunks + " is missing");
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
            sha256.update(data);
            written += data.length;
            try {
                out.write(data);
            } catch (IOException e) {
                throw new StateException("cannot write charm archive of " + charm.id() + ": " + e.getMessage(), e);
            }
        }
        String hex = HexFormat.of().formatHex(sha256.digest());
        if (written != size || !hex.equals(charm.sha256())) {
            throw new CorruptStateException(listing, "the archive read (" + written + " bytes, sha256 " + hex
                    + ") is not the published one (" + size + " bytes, sha256 " + charm.sha256() + ")");
        }
        return true;
    }

    private static String listing(String charmId) {
        return Paths.charm(charmId) + "/archive";
    }

    private static String chunk(String charmId, int index) {
        return Paths.charm(charmId) + "/archive-" + index;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
