package jujube.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A deployable as the build laid it out in the distribution: {@code features/<name>/} with
 * {@code bundles/*.jar}, {@code config/*.cfg} and {@code feature.properties}.
 *
 * @param name the feature's name
 * @param dir its directory
 * @param required framework properties its configurations refer to
 * @param readyServices service classes whose presence means the deployable is up
 * @param embeddedOnly configurations left out when an external ZooKeeper is used
 * @param readyEmbedded services that must also be up when the embedded ZooKeeper runs
 */
record Feature(String name, Path dir, List<String> required, List<String> readyServices, List<String> embeddedOnly,
        List<String> readyEmbedded) {

    static Feature load(Path distribution, String name) throws LaunchException {
        Path dir = distribution.resolve("features").resolve(name);
        Path file = dir.resolve("feature.properties");
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new LaunchException("feature '" + name + "' is missing from the distribution (" + file + ")");
        }
        return new Feature(name, dir, list(p, "required"), list(p, "ready"), list(p, "embedded-only"), list(p, "ready-embedded"));
    }

    private static List<String> list(Properties p, String key) {
        String v = p.getProperty(key, "").trim();
        return v.isEmpty() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).toList();
    }

    List<String> readyServices(boolean embeddedZooKeeper) {
        if (!embeddedZooKeeper) {
            return readyServices;
        }
        List<String> all = new java.util.ArrayList<>(readyEmbedded);
        all.addAll(readyServices);
        return all;
    }

    List<Path> bundles() throws LaunchException {
        return sorted(dir.resolve("bundles"), ".jar");
    }

    List<Path> configs() throws LaunchException {
        return sorted(dir.resolve("config"), ".cfg");
    }

    private static List<Path> sorted(Path dir, String suffix) throws LaunchException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new LaunchException("cannot list " + dir + ": " + e.getMessage());
        }
    }
}
