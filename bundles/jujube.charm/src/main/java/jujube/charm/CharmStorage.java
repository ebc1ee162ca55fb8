package jujube.charm;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import jujube.files.AtomicFiles;

/**
 * The environment's charm storage, kept in a directory ({@code charms/} of a local environment). A
 * charm URL with a revision names one immutable archive: publishing different content under a stored
 * URL is refused (bump the revision), publishing the same content again is a no-op. Files are written
 * atomically (temp file, fsync, rename, fsync of the directory), and every fetch checks the sha256
 * recorded at publication.
 */
public final class CharmStorage {
    private static final Pattern KEY = Pattern.compile("[a-z0-9][A-Za-z0-9_.+-]*");

    private final Path directory;

    public CharmStorage(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /** The storage key of a URL: its text with {@code :} and {@code /} (never part of a name) made {@code _}. */
    public static String keyOf(CharmUrl url) {
        if (url.revision().isEmpty()) {
            throw new CharmStorageException("cannot store " + url + ": a stored charm needs a revision");
        }
        return url.toString().replace(':', '_').replace('/', '_').replace("~", "") + ".charm";
    }

    /** Publishes {@code archive} as {@code url}, returning what the state should record about it. */
    public StoredCharm put(CharmUrl url, Path archive) {
        String key = keyOf(url);
        Path stored = directory.resolve(key);
        try {
            Files.createDirectories(directory);
            Sha256 sha256 = Sha256.of(archive);
            if (Files.exists(stored)) {
                Sha256 existing = Sha256.of(stored);
                if (!existing.equals(sha256)) {
                    throw new CharmStorageException("cannot store " + url + ": a different archive is already stored under that revision"
                            + " (sha256 " + existing + "); bump the charm's revision");
                }
                return new StoredCharm(url, key, existing, Files.size(stored));
            }
            AtomicFiles.write(stored, out -> Files.copy(archive, out));
            Sha256 written = Sha256.of(stored);
            if (!written.equals(sha256)) {
                Files.deleteIfExists(stored);
                throw new CharmStorageException("cannot store " + url + ": " + archive + " changed while it was being stored");
            }
            return new StoredCharm(url, key, sha256, Files.size(stored));
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CharmStorageException("cannot store " + url + " from " + archive + ": " + e.getMessage(), e);
        }
    }

    /** The stored charm of {@code url}, if it has been published. */
    public Optional<StoredCharm> find(CharmUrl url) {
        Path stored = directory.resolve(keyOf(url));
        if (!Files.isRegularFile(stored)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StoredCharm(url, keyOf(url), Sha256.of(stored), Files.size(stored)));
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new CharmStorageException("cannot read stored charm " + keyOf(url) + ": " + e.getMessage(), e);
        }
    }

    /** Another copy of an archive, the state's: writes it to {@code out}, or says it has none. */
    @FunctionalInterface
    public interface ArchiveCopy {
        boolean writeTo(OutputStream out) throws IOException;
    }

    /**
     * {@link #fetch(String, Sha256, Path)}, or, when nothing is stored under {@code key} here (a machine
     * on another host sees no charm storage), the archive written by {@code elsewhere}.
     *
     * @throws CharmIntegrityException when the stored content does not match
     * @throws CharmStorageException when neither this storage nor {@code elsewhere} has the archive
     * @since 1.3
     */
    public Path fetch(String key, Sha256 sha256, Path destination, ArchiveCopy elsewhere) throws IOException {
        try {
            return fetch(key, sha256, destination);
        } catch (CharmIntegrityException e) {
            throw e;
        } catch (CharmStorageException missing) {
            Files.createDirectories(destination.toAbsolutePath().getParent());
            boolean fetched;
            try (OutputStream out = Files.newOutputStream(destination)) {
                fetched = elsewhere.writeTo(out);
            }
            if (!fetched) {
                Files.deleteIfExists(destination);
                throw missing;
            }
            return destination;
        }
    }

    /**
     * Copies the stored archive {@code key} to {@code destination} (atomically), checking that its content
     * still has the published {@code sha256}; on a mismatch nothing is left at {@code destination}.
     *
     * @throws CharmIntegrityException when the content does not match
     * @throws CharmStorageException when the key is malformed or nothing is stored under it
     */
    public Path fetch(String key, Sha256 sha256, Path destination) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new CharmStorageException("invalid stored charm key \"" + key + "\"");
        }
        Path stored = directory.resolve(key);
        if (!Files.isRegularFile(stored)) {
            throw new CharmStorageException("no stored charm " + key + " in " + directory);
        }
        try {
            Path parent = destination.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            MessageDigest digest = Sha256.digest();
            AtomicFiles.write(destination, out -> {
                try (InputStream in = Files.newInputStream(stored)) {
                    in.transferTo(new DigestOutputStream(out, digest));
                }
                Sha256 actual = Sha256.of(digest);
                if (!actual.equals(sha256)) {
                    throw new CharmIntegrityException(key, sha256, actual);
                }
            });
            return destination;
        } catch (IOException e) {
            throw new CharmStorageException("cannot fetch stored charm " + key + " to " + destination + ": " + e.getMessage(), e);
        }
    }
}
