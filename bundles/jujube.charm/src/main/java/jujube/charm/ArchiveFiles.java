package jujube.charm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import jujube.charm.internal.ArchiveReader;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;

/** Fetches a charm archive's top-level description files for {@link CharmReader}, without unpacking it. */
final class ArchiveFiles {
    private final Path archive;

    ArchiveFiles(Path archive) {
        this.archive = archive;
    }

    Charm read(CharmReader reader) {
        String charm = archive.toString();
        try (ArchiveReader zip = ArchiveReader.open(archive)) {
            return reader.read(new CharmArchive(archive), name -> find(zip, name).map(entry -> zip.readAll(entry, CharmReader.MAX_FILE_SIZE)));
        } catch (CharmArchiveException e) {
            // to a caller reading charms, an unreadable archive is an invalid charm
            throw new InvalidCharmException(charm, e.getMessage().replace("charm archive " + charm + ": ", ""), e);
        } catch (IOException e) {
            throw new InvalidCharmException(charm, "cannot be read: " + e.getMessage(), e);
        }
    }

    private static Optional<ZipArchiveEntry> find(ArchiveReader zip, String name) {
        return zip.entries().stream()
                .filter(entry -> !ArchiveReader.isDirectory(entry) && (entry.getName().equals(name) || entry.getName().equals("./" + name)))
                .findFirst();
    }
}
