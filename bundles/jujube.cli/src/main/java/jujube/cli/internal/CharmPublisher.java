package jujube.cli.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jujube.charm.Charm;
import jujube.charm.CharmArchive;
import jujube.charm.CharmArchiveException;
import jujube.charm.CharmArchives;
import jujube.charm.CharmDirectory;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.Sha256;
import jujube.charm.StoredCharm;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.files.FileTrees;
import jujube.model.CharmRecord;
import jujube.state.Charms;

/**
 * Puts repository charms into an environment: the archive into its charm storage, the record into its
 * state. Archives of charm directories are built as hidden temp files in the charm storage itself
 * (nothing in /tmp), removed on close; one that a killed command left behind is swept by the next
 * command that builds one, or when the controller starts. An unchanged directory always builds the same
 * archive, so its sha256 tells whether the content changed.
 */
final class CharmPublisher implements AutoCloseable {
    private final EnvironmentSession session;
    private final List<Path> built = new ArrayList<>();
    /** The archives built of directory charms: a command asks for one's hash and then stores it. */
    private final java.util.Map<Charm, Path> archives = new java.util.HashMap<>();

    CharmPublisher(EnvironmentSession session) {
        this.session = session;
    }

    /** The charm as an archive, built from its directory once per command when needed. */
    Path archive(Charm charm) {
        if (charm.source() instanceof CharmArchive archive) {
            return archive.path();
        }
        Path known = archives.get(charm);
        if (known != null) {
            return known;
        }
        try {
            Path storage = session.environment().charms();
            if (built.isEmpty()) {
                Files.createDirectories(storage);
                AtomicFiles.sweepStaleTemps(storage, 1, Instant.now());
            }
            Path file = Files.createTempFile(storage, "." + charm.name() + ".", ".tmp");
            built.add(file);
            Path archive = CharmArchives.build(((CharmDirectory) charm.source()).path(), file).path();
            archives.put(charm, archive); // a bumped revision reads as another charm, and gets its own
            return archive;
        } catch (IOException e) {
            throw new CliException("cannot build the archive of charm " + charm.name() + ": " + e.getMessage(), e);
        }
    }

    Sha256 sha256(Charm charm) {
        return Sha256.of(archive(charm));
    }

    /** The record published under the charm's URL, if any. */
    Optional<CharmRecord> published(CharmUrl url) {
        return session.state().charms().find(url.toString());
    }

    /** Whether {@code charm} differs from what is published under its URL (false when nothing is). */
    boolean changedSincePublished(Charm charm, CharmUrl url) {
        return published(url).map(r -> !r.sha256().equals(sha256(charm).hex())).orElse(false);
    }

    /** The highest revision of the charm published in the environment, -1 for none. */
    int highestPublishedRevision(CharmUrl url) {
        CharmUrl any = url.withoutRevision();
        return session.state().charms().list().stream().map(r -> CharmUrl.parse(r.id()))
                .filter(u -> u.withoutRevision().equals(any)).mapToInt(u -> u.revision().orElse(-1)).max().orElse(-1);
    }

    /**
     * The URL a charm without a revision of its own is published as in {@code series}: that of a revision
     * published before with the same content, else the revision after the highest published (0 for
     * the first), as Go juju numbers local charms.
     */
    CharmUrl numbered(Charm charm, String series) {
        CharmUrl any = charm.localUrl(series, 0).withoutRevision();
        String sha256 = sha256(charm).hex();
        return session.state().charms().list().stream()
                .filter(r -> r.sha256().equals(sha256))
                .map(r -> CharmUrl.parse(r.id()))
                .filter(u -> u.withoutRevision().equals(any))
                .findFirst()
                .orElseGet(() -> charm.localUrl(series, highestPublishedRevision(any) + 1));
    }

    /** The URL the charm is published as in {@code series}: its own revision's, else {@link #numbered}. */
    CharmUrl urlOf(Charm charm, String series) {
        return charm.revision().isEmpty() ? numbered(charm, series) : charm.localUrl(series);
    }

    /** Writes a new revision into a charm directory's {@code revision} file and reads the charm again. */
    Charm bumpRevision(Charm charm, int revision) {
        if (!(charm.source() instanceof CharmDirectory dir)) {
            throw new CliException("charm " + charm.source() + " is an archive: only local directory charms get their revision bumped");
        }
        try {
            AtomicFiles.write(dir.path().resolve("revision"), (revision + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new CliException("cannot write " + dir.path().resolve("revision") + ": " + e.getMessage(), e);
        }
        return session.reader().read(dir.path());
    }

    /**
     * Stores the charm's archive and publishes it as {@code url} (same content again is a no-op). An
     * archive from the repository is unpacked first, by the rules and limits a machine agent unpacks it
     * with: one it would refuse is refused here, with the reason, before anything is stored.
     */
    CharmRecord publish(Charm charm, CharmUrl url) {
        if (charm.source() instanceof CharmArchive archive) {
            verify(archive.path());
        }
        boolean shared = session.environment().servesOtherHosts();
        if (shared) {
            checkShareable(charm);
        }
        Path storage = session.environment().charms();
        boolean storedBefore = Files.exists(storage.resolve(CharmStorage.keyOf(url)));
        StoredCharm stored = new CharmStorage(storage).put(url, archive(charm));
        Path file = storage.resolve(stored.key());
        CharmRecord record;
        try {
            record = session.state().charms().publish(new CharmRecord(url.toString(), file.toUri().toString(),
                    stored.sha256().hex(), charm.metadata().toMap(), charm.config().toMap(), charm.actions().toMap()));
        } catch (RuntimeException e) {
            // a stored archive nothing records would refuse the corrected charm of the same revision
            if (!storedBefore) {
                deleteQuietly(file);
            }
            throw e;
        }
        if (shared) {
            // machines on other hosts have no view of the charm storage: they read the state's copy
            session.state().charms().storeArchive(record.id(), file);
        }
        return record;
    }

    /** A charm machines on other hosts get through the state must fit what the state keeps. */
    private void checkShareable(Charm charm) {
        try {
            long size = Files.size(archive(charm));
            if (size > Charms.MAX_ARCHIVE_BYTES) {
                throw new CliException("charm " + charm.name() + "'s archive is " + size + " bytes, over the "
                        + Charms.MAX_ARCHIVE_BYTES + " bytes this environment's machines on other hosts can get"
                        + " through ZooKeeper");
            }
        } catch (IOException e) {
            throw new CliException("cannot read the archive of charm " + charm.name() + ": " + e.getMessage(), e);
        }
    }

    private void verify(Path archive) {
        Path scratch = null;
        try {
            Path storage = Files.createDirectories(session.environment().charms());
            scratch = Files.createTempDirectory(storage, ".verify-");
            built.add(scratch);
            CharmArchives.extract(archive, scratch.resolve("charm"));
        } catch (CharmArchiveException e) {
            String reason = e.getMessage().replace("charm archive " + archive + ": ", "");
            throw new CliException("charm archive " + archive + " refused: " + reason, e);
        } catch (IOException e) {
            throw new CliException("cannot check charm archive " + archive + ": " + e.getMessage(), e);
        } finally {
            if (scratch != null) {
                deleteTree(scratch);
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the refusal stands; the file is what a retry of the same revision will meet
        }
    }

    private static void deleteTree(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            // a hidden leftover in the charm storage; close() and the next sweep try again
        }
    }

    @Override
    public void close() {
        for (Path file : built) {
            try {
                if (Files.isDirectory(file)) {
                    deleteTree(file);
                }
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a leftover archive is swept later (see the class comment); the command's outcome stands
            }
        }
    }
}
