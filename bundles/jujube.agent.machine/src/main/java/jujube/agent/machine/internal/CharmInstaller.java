package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import jujube.agent.machine.UnitDirectories;
import jujube.charm.CharmArchives;
import jujube.charm.CharmIntegrityException;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.Sha256;
import jujube.files.FileTrees;
import jujube.model.CharmRecord;
import jujube.state.Charms;
import jujube.state.MachineHandle;

/**
 * Puts a unit's charm in place: fetched from the environment's charm storage (sha256 checked against
 * the state's record), unpacked beside {@code charm/} and renamed into place, so {@code charm/} exists
 * only complete. A machine on another host has no view of the charm storage: an archive missing there
 * is fetched from the copy the state keeps ({@link Charms#fetchArchive}, checked the same way).
 * Leftovers of an install interrupted by a crash (hidden entries of the unit directory) are removed
 * first, so an install is simply redone.
 */
final class CharmInstaller {
    private static final String DOWNLOAD = ".charm.download";
    private final CharmStorage storage;
    private final MachineHandle state;

    /**
     * @param state asked for the charms only when an archive is missing here: an agent's connection may
     *     still be redeeming its credentials when the installer is made
     */
    CharmInstaller(CharmStorage storage, MachineHandle state) {
        this.storage = storage;
        this.state = state;
    }

    /** Whether the charm of the unit is unpacked. */
    static boolean installed(UnitDirectories dirs) {
        return Files.isDirectory(dirs.charmDir());
    }

    /**
     * Installs the charm unless it is installed already, and creates {@code state/}.
     *
     * @throws jujube.charm.CharmIntegrityException when the stored archive does not have the recorded sha256
     * @throws jujube.charm.CharmException when it is missing or not a valid archive
     */
    void install(CharmRecord charm, UnitDirectories dirs) throws IOException {
        if (!installed(dirs)) {
            Files.createDirectories(dirs.unitDir());
            removeLeftovers(dirs.unitDir());
            Path archive = dirs.unitDir().resolve(DOWNLOAD);
            try {
                fetch(charm, archive);
                CharmArchives.extract(archive, dirs.charmDir());
            } finally {
                Files.deleteIfExists(archive);
            }
        }
        Files.createDirectories(dirs.stateDir());
    }

    private void fetch(CharmRecord charm, Path archive) throws IOException {
        storage.fetch(CharmStorage.keyOf(CharmUrl.parse(charm.id())), new Sha256(charm.sha256()), archive,
                out -> state.fetchCharmArchive(charm.id(), out));
    }

    private static void removeLeftovers(Path unitDir) throws IOException {
        try (Stream<Path> entries = Files.list(unitDir)) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith(".")).toList()) {
                FileTrees.delete(p);
            }
        }
    }
}
