package jujube.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.osgi.framework.Version;

/**
 * The folder FileInstall watches. The feature's own bundles live there as {@code <symbolic name>.jar}
 * and FileInstall installs them from there, so that it manages them: overwriting one with a newer
 * build updates that bundle in place. A bundle already there with a version at least the feature's is
 * kept (it is an operator's hot update); an older one is replaced by the distribution's.
 */
final class DeployFolder {
    private final Path dir;

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
            if (Files.exists(target)) {
                BundleId deployed = BundleId.of(target);
                if (deployed.version().compareTo(id.version()) >= 0) {
                    return target;
                }
            }
            Path tmp = dir.resolve("." + id.symbolicName() + ".jar.tmp");
            Files.copy(featureBundle, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
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
            Path tmp = dir.resolve("." + cfg.getFileName() + ".tmp");
            Files.copy(cfg, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
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
