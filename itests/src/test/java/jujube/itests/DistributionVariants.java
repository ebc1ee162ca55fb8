package jujube.itests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Another build of the distribution, as {@code upgrade-agents --dist} reads one: its features' bundles and
 * configurations and {@code lib/dist.properties}, copied from the built distribution with some bundles
 * replaced (the rest of the distribution, libraries and scripts, is the agents' own and never moved).
 */
final class DistributionVariants {
    private DistributionVariants() {
    }

    /**
     * Lays out in {@code out} the distribution at {@code dist} as version {@code version}, each jar named in
     * {@code replaced} ({@code jujube.hooks.jar}) taken from the path it maps to, in every feature that has it;
     * one that no feature has is added to the machine agents'.
     */
    static Path variant(Path dist, Path out, String version, Map<String, Path> replaced) throws IOException {
        java.util.Set<String> placed = new java.util.HashSet<>();
        try (Stream<Path> files = Files.walk(dist.resolve("features"))) {
            for (Path from : files.filter(Files::isRegularFile).toList()) {
                Path to = out.resolve(dist.relativize(from).toString());
                Files.createDirectories(to.getParent());
                Path source = from.getParent().getFileName().toString().equals("bundles")
                        ? replaced.getOrDefault(from.getFileName().toString(), from) : from;
                Files.copy(source, to);
                placed.add(from.getFileName().toString());
            }
        }
        for (Map.Entry<String, Path> added : replaced.entrySet()) {
            if (!placed.contains(added.getKey())) {
                Files.copy(added.getValue(), out.resolve("features/machine-agent/bundles").resolve(added.getKey()));
            }
        }
        Files.createDirectories(out.resolve("lib"));
        Files.writeString(out.resolve("lib/dist.properties"), "version=" + version + "\n");
        return out;
    }
}
