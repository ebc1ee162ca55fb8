package jujube.hooks.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;

/**
 * Where a unit's hook socket lives. A unix socket's path must fit {@code sun_path}: 108 bytes with the
 * terminating NUL. Deep unit directories (long test or install paths) get a short directory under
 * {@code /tmp} instead, named after a hash of the unit directory so each unit keeps its own; it must be
 * ours and closed to others, as the socket's only protection is that nobody else can reach it.
 */
final class SocketPaths {
    static final String SOCKET_NAME = "agent.socket";
    // sun_path holds 108 bytes with the NUL, but the JDK refuses 107 as well (checked on JDK 17): 106
    static final int MAX_PATH_BYTES = 106;

    private final Path shortRoot;

    SocketPaths(Path shortRoot) {
        this.shortRoot = shortRoot;
    }

    static SocketPaths standard() {
        return new SocketPaths(Path.of("/tmp"));
    }

    Path forUnit(Path unitDir) throws IOException {
        Path preferred = unitDir.toAbsolutePath().resolve(SOCKET_NAME);
        if (fits(preferred)) {
            return preferred;
        }
        Path dir = shortRoot.resolve("jujube-" + hash(unitDir.toAbsolutePath().toString()));
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(
                        EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                                PosixFilePermission.OWNER_EXECUTE)));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another start of the same unit made it: checked below like any existing one
            }
        }
        PosixFileAttributes attributes = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        Path mine = Files.createTempFile(dir, ".owner", ".tmp");
        try {
            if (!attributes.isDirectory() || !attributes.owner().equals(Files.getOwner(mine))
                    || !attributes.permissions().equals(EnumSet.of(PosixFilePermission.OWNER_READ,
                            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE))) {
                throw new IOException("refusing socket directory " + dir + ": it must be a directory of ours, mode 700");
            }
        } finally {
            Files.deleteIfExists(mine);
        }
        Path fallback = dir.resolve(SOCKET_NAME);
        if (!fits(fallback)) {
            throw new IOException("no socket path under " + MAX_PATH_BYTES + " bytes for " + unitDir);
        }
        return fallback;
    }

    static boolean fits(Path socket) {
        return socket.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_PATH_BYTES;
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
