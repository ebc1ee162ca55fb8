package jujube.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;

/**
 * A distribution's layout with small bundles made on the spot: {@code features/machine-agent/bundles} and
 * {@code features/controller/bundles}, each with the agent bundles given and two libraries an upgrade leaves
 * alone, and {@code lib/dist.properties}. A bundle's content is a text of the test's: the same text, the
 * same jar (the jars are written with fixed times, so their sha256 is the text's too).
 */
final class FakeDistribution {
    final Path dir;
    final String version;
    private final List<AgentBundle> machine = new ArrayList<>();
    private final List<AgentBundle> controller = new ArrayList<>();

    FakeDistribution(Path dir, String version) throws IOException {
        this.dir = dir;
        this.version = version;
        Files.createDirectories(bundles("machine-agent"));
        Files.createDirectories(bundles("controller"));
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/dist.properties"), "# the distribution\nversion=" + version + "\n");
        for (String feature : List.of("machine-agent", "controller")) {
            jar(bundles(feature).resolve("jujube.lib.threads.jar"), "jujube.lib.threads", "1.0.0", "a library");
            jar(bundles(feature).resolve("jackson-core.jar"), "com.fasterxml.jackson.core.jackson-core", "2.22.4", "another");
        }
    }

    FakeDistribution machine(String name, String bundleVersion, String content) throws IOException {
        machine.add(jar(bundles("machine-agent").resolve(name + ".jar"), name, bundleVersion, content));
        return this;
    }

    FakeDistribution controller(String name, String bundleVersion, String content) throws IOException {
        controller.add(jar(bundles("controller").resolve(name + ".jar"), name, bundleVersion, content));
        return this;
    }

    AgentBundleSet machineSet() {
        return new AgentBundleSet(version, machine);
    }

    AgentBundleSet controllerSet() {
        return new AgentBundleSet(version, controller);
    }

    Path bundles(String feature) {
        return dir.resolve("features").resolve(feature).resolve("bundles");
    }

    static AgentBundle jar(Path file, String name, String bundleVersion, String content) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Bundle-SymbolicName", name + ";singleton:=true");
        manifest.getMainAttributes().putValue("Bundle-Version", bundleVersion);
        try (OutputStream file0 = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(file0)) {
            JarEntry m = new JarEntry("META-INF/MANIFEST.MF");
            m.setTime(0);
            out.putNextEntry(m);
            manifest.write(out);
            out.closeEntry();
            JarEntry e = new JarEntry("content.txt");
            e.setTime(0);
            out.putNextEntry(e);
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            return new AgentBundle(name, bundleVersion, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(bytes)), bytes.length);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
