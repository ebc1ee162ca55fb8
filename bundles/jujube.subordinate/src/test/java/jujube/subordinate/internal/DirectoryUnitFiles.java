package jujube.subordinate.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import jujube.agent.machine.UnitDirectories;
import jujube.agent.machine.UnitFiles;
import jujube.model.CharmRecord;
import jujube.model.UnitName;

/**
 * Unit files in a temporary machine directory, the layout of the real ones; installing writes the charm's
 * id instead of unpacking an archive (the machine agent's installer is tested with the machine agent).
 */
final class DirectoryUnitFiles implements UnitFiles {
    private final Path dataDir;

    DirectoryUnitFiles(Path dataDir) {
        this.dataDir = dataDir.toAbsolutePath();
    }

    @Override
    public int machineId() {
        return 0;
    }

    @Override
    public UnitDirectories directories(UnitName unit) {
        return UnitDirectories.of(dataDir, unit);
    }

    @Override
    public UnitDirectories install(UnitName unit, CharmRecord charm) throws IOException {
        UnitDirectories dirs = directories(unit);
        Files.createDirectories(dirs.charmDir());
        Files.writeString(dirs.charmDir().resolve("charm-id"), charm.id());
        Files.createDirectories(dirs.stateDir());
        return dirs;
    }

    @Override
    public void delete(UnitName unit) throws IOException {
        Path root = directories(unit).unitDir();
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
