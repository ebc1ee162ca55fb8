package jujube.access;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.lib.codec.PlainMapCodec;
import jujube.lib.codec.PlainMapCodec.Form;

/**
 * The files that hold credentials, owner-only ({@code 0600}) and written whole (temp file, fsync, rename,
 * directory fsync). Both are YAML maps with a {@code version}:
 * <ul>
 * <li>credentials ({@link #CREDENTIALS} in a machine agent's data directory, {@code secrets/admin.yaml} in a
 * local environment's directory): {@code credentials}, a list of {@code principal} and {@code secret}, every
 * one of which the connection authenticates with;</li>
 * <li>a one-time credential ({@link #ONE_TIME} in a machine agent's data directory, written by the provider
 * before it starts the agent): {@code node}, {@code principal}, {@code secret}. The agent redeems it at its
 * first start, writes its credentials file and removes this one.</li>
 * </ul>
 * A file that others than its owner may read or write is refused, naming its mode, as is one over
 * {@link #MAX_BYTES}. Every failure is an {@link IOException} whose message names the file and the problem.
 */
public final class CredentialFiles {
    /** A machine agent's credentials, in its data directory. */
    public static final String CREDENTIALS = "credentials.yaml";
    /** A machine agent's one-time credential, in its data directory, until redeemed. */
    public static final String ONE_TIME = "one-time-credential.yaml";
    /** The largest credentials file read. */
    public static final int MAX_BYTES = 64 * 1024;
    private static final int VERSION = 1;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private CredentialFiles() {}

    /** Reads a credentials file: at least one credential. */
    public static List<Credential> read(Path file) throws IOException {
        Map<String, Object> content = readMap(file);
        if (!(content.get("credentials") instanceof List<?> entries) || entries.isEmpty()) {
            throw new IOException(file + ": 'credentials' must be a list of principal and secret");
        }
        List<Credential> credentials = new ArrayList<>();
        for (Object entry : entries) {
            if (!(entry instanceof Map<?, ?> m)) {
                throw new IOException(file + ": each of 'credentials' must be a map of principal and secret");
            }
            credentials.add(credential(file, m.get("principal"), m.get("secret")));
        }
        return List.copyOf(credentials);
    }

    /** Writes a credentials file, owner-only. */
    public static void write(Path file, List<Credential> credentials) throws IOException {
        List<Object> entries = new ArrayList<>();
        for (Credential c : credentials) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("principal", c.principal());
            entry.put("secret", c.secret());
            entries.add(entry);
        }
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("version", VERSION);
        content.put("credentials", entries);
        writeOwnerOnly(file, new PlainMapCodec().write(content, Form.YAML));
    }

    /** Reads a one-time credential file. */
    public static OneTimeCredential readOneTime(Path file) throws IOException {
        Map<String, Object> content = readMap(file);
        if (!(content.get("node") instanceof String node)) {
            throw new IOException(file + ": 'node' is missing");
        }
        try {
            return new OneTimeCredential(node, credential(file, content.get("principal"), content.get("secret")));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** The content of a one-time credential file, for a provider that writes it elsewhere (another host). */
    public static byte[] oneTimeContent(OneTimeCredential credential) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("version", VERSION);
        content.put("node", credential.node());
        content.put("principal", credential.credential().principal());
        content.put("secret", credential.credential().secret());
        return new PlainMapCodec().write(content, Form.YAML);
    }

    /** Writes a one-time credential file, owner-only. */
    public static void writeOneTime(Path file, OneTimeCredential credential) throws IOException {
        writeOwnerOnly(file, oneTimeContent(credential));
    }

    private static Credential credential(Path file, Object principal, Object secret) throws IOException {
        if (!(principal instanceof String p) || !(secret instanceof String s)) {
            throw new IOException(file + ": a credential needs a 'principal' and a 'secret', both text");
        }
        try {
            return new Credential(p, s);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> readMap(Path file) throws IOException {
        byte[] bytes;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (!OWNER_ONLY.containsAll(mode)) {
                throw new IOException(file + " is open to others (mode " + PosixFilePermissions.toString(mode)
                        + "): it holds secrets, make it rw------- (chmod 600)");
            }
            long size = channel.size();
            if (size > MAX_BYTES) {
                throw new IOException(file + " is " + size + " bytes, over the " + MAX_BYTES + " bytes a credentials"
                        + " file may have");
            }
            try (InputStream in = java.nio.channels.Channels.newInputStream(channel)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no such credentials file");
        }
        Map<String, Object> content;
        try {
            content = new PlainMapCodec().readMap(bytes, Form.YAML);
        } catch (IOException e) {
            throw new IOException(file + " is not a YAML map: " + e.getMessage(), e);
        }
        if (content == null || !Integer.valueOf(VERSION).equals(content.get("version"))) {
            throw new IOException(file + ": 'version' must be " + VERSION);
        }
        return content;
    }

    /**
     * Writes whole and owner-only: the temp file is created {@code 0600} (so the secret is never readable by
     * others, not even for a moment), fsynced, renamed over the target, and the directory fsynced. Not
     * {@code jujube.files}: that bundle's tests depend on this one.
     */
    private static void writeOwnerOnly(Path file, byte[] content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // some file systems refuse to fsync a directory: the rename is then as durable as they make it
        }
    }
}
