package jujube.state.curator.internal;

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
import java.util.function.IntFunction;
import jujube.model.StateException;
import jujube.state.CorruptStateException;
import jujube.state.store.Fields;
import jujube.state.store.NodeReader;
import jujube.state.store.StateContext;
import org.apache.zookeeper.KeeperException;

/**
 * A file kept in the state as chunks of at most {@link #CHUNK_BYTES}, then a listing node naming their
 * number, the file's size and its sha256. The listing is created last, so its presence means every chunk
 * is there; chunks a crash left without it are overwritten by the next store (a listing's path always
 * names the same content). Charm archives and the agents' bundles are kept this way.
 *
 * @param listing the listing node's path
 * @param chunk the path of chunk {@code N}
 * @param maxBytes the largest file kept
 * @param what what the file is, for messages ({@code charm archive of local:precise/mysql-1})
 */
record ChunkedNodes(String listing, IntFunction<String> chunk, long maxBytes, String what) {
    /** Half the node limit: ZooKeeper's packets must also carry the path and the request. */
    static final int CHUNK_BYTES = 512 * 1024;

    /**
     * Stores {@code file}, whose sha256 must be {@code sha256}; nothing when the listing exists already.
     *
     * @return the bytes written
     */
    long store(StateContext ctx, Path file, String sha256) {
        if (ctx.reader().exists(listing)) {
            return 0;
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new StateException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
        if (size > maxBytes) {
            throw new StateException(what + " " + file + " is " + size + " bytes, over the " + maxBytes
                    + " the state keeps");
        }
        MessageDigest digest = sha256();
        int chunks = 0;
        long written = 0;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] data;
            while ((data = in.readNBytes(CHUNK_BYTES)).length > 0 || chunks == 0) {
                digest.update(data);
                written += data.length;
                if (written > maxBytes) {
                    throw new StateException(what + " " + file + " grew past " + maxBytes + " bytes while it was stored");
                }
                ctx.client().create().orSetData().forPath(chunk.apply(chunks++), data);
                if (data.length < CHUNK_BYTES) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new StateException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(chunk.apply(chunks), e);
        }
        String hex = HexFormat.of().formatHex(digest.digest());
        if (!hex.equals(sha256)) {
            throw new StateException(what + " " + file + " is not the one published (sha256 " + hex + ", published "
                    + sha256 + ")");
        }
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("chunks", chunks);
        content.put("size", written);
        content.put("sha256", hex);
        try {
            ctx.client().create().forPath(listing, ctx.reader().bytes(listing, content));
        } catch (KeeperException.NodeExistsException e) {
            return 0; // stored meanwhile by another: the same content
        } catch (Exception e) {
            throw NodeReader.failure(listing, e);
        }
        return written;
    }

    /**
     * Writes the stored file to {@code out}, checking it against {@code sha256} as it reads it.
     *
     * @return false when nothing is stored
     * @throws CorruptStateException when the chunks read are not the file stored
     */
    boolean fetch(StateContext ctx, String sha256, OutputStream out) {
        Optional<Map<String, Object>> node = ctx.reader().presentYamlMap(listing);
        if (node.isEmpty()) {
            return false;
        }
        Fields f = new Fields(listing);
        int chunks = f.integer(node.get().get("chunks"), "chunks");
        long size = f.integer(node.get().get("size"), "size");
        if (chunks < 1 || size < 0 || size > maxBytes || chunks > size / CHUNK_BYTES + 1) {
            throw new CorruptStateException(listing, chunks + " chunks of a " + size + " byte file");
        }
        MessageDigest digest = sha256();
        long written = 0;
        for (int i = 0; i < chunks; i++) {
            String path = chunk.apply(i);
            byte[] data;
            try {
                data = ctx.client().getData().forPath(path);
            } catch (KeeperException.NoNodeException e) {
                throw new CorruptStateException(path, "chunk " + i + " of " + chunks + " is missing");
            } catch (Exception e) {
                throw NodeReader.failure(path, e);
            }
            digest.update(data);
            written += data.length;
            try {
                out.write(data);
            } catch (IOException e) {
                throw new StateException("cannot write " + what + ": " + e.getMessage(), e);
            }
        }
        String hex = HexFormat.of().formatHex(digest.digest());
        if (written != size || !hex.equals(sha256)) {
            throw new CorruptStateException(listing, "the file read (" + written + " bytes, sha256 " + hex
                    + ") is not the published one (" + size + " bytes, sha256 " + sha256 + ")");
        }
        return true;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
