package jujube.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import jujube.files.AtomicFiles;
import org.osgi.framework.Version;

/**
 * The folder FileInstall watches. The feature's own bundles live there as {@code <symbolic name>.jar}
 * and FileInstall installs them from there, so that it manages them: overwriting one with a newer
 * build updates that bundle in place. A jar the distribution placed there ({@link PlacedBundles}) is
 * replaced whenever the distribution's differs, so a rebuilt or reinstalled distribution runs in
 * existing environments too; any other jar there is an operator's hot update, kept while its version
 * is at least the distribution's.
 */
final class DeployFolder {
    private final Path dir;
    /** Read at the first placement: the folder may not exist before. */
    private PlacedBundles placed;

    DeployFolder(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /** Places a feature bundle in the folder, returning where it now is. */
    Path place(Path featureBundle) throws LaunchException {
        BundleId id = BundleId.of(featureBundle);
        Path target = dir.resolve(id.symbolicName() + ".jar");
        try {
            if (placed == null) {
                placed = PlacedBundles.in(dir);
            }
            String sha256 = PlacedBundles.sha256(featureBundle);
            if (Files.exists(target)) {
                String deployedSha256 = PlacedBundles.sha256(target);
                if (deployedSha256.equals(sha256)) {
                    placed.record(id.symbolicName(), sha256);
                    return target;
                }
                boolean operators = !placed.placedByDistribution(id.symbolicName(), deployedSha256);
                if (operators && BundleId.of(target).version().compareTo(id.version()) >= 0) {
                    return target;
                }
            }
            AtomicFiles.write(target, out -> Files.copy(featureBundle, out));
            // recorded after the jar: a crash between the two leaves the distribution's bytes in place,
            // which the next start recognizes by their hash and records
            placed.record(id.symbolicName(), sha256);
            return target;
        } catch (IOException e) {
            throw new LaunchException("cannot place " + featureBundle.getFileName() + " in " + dir + ": " + e.getMessage());
        }
    }

    /** Copies a default configuration into the folder unless the operator already has one there. */
    void placeConfig(Path cfg) throws LaunchException {
        Path target = dir.resolve(cfg.getFileName());
        if (Files.exists(target)) {
            return;
        }
        try {
            AtomicFiles.write(target, out -> Files.copy(cfg, out));
        } catch (IOException e) {
            throw new LaunchException("cannot place " + cfg.getFileName() + " in " + dir + ": " + e.getMessage());
        }
    }

    /** A bundle's symbolic name and version, read from its manifest. */
    record BundleId(String symbolicName, Version version) {
        static BundleId of(Path jar) throws LaunchException {
            try (JarFile j = new JarFile(jar.toFile())) {
                Manifest m = j.getManifest();
                String bsn = m == null ? null : m.getMainAttributes().getValue("Bundle-SymbolicName");
                if (bsn == null) {
                    throw new LaunchException(jar + " is not an OSGi bundle (no Bundle-SymbolicName)");
                }
                String v = m.getMainAttributes().getValue("Bundle-Version");
                return new BundleId(bsn.split(";")[0].trim(), v == null ? Version.emptyVersion : Version.parseVersion(v.trim()));
            } catch (IOException | IllegalArgumentException e) {
                throw new LaunchException("cannot read the manifest of " + jar + ": " + e.getMessage());
            }
        }
    }
}
