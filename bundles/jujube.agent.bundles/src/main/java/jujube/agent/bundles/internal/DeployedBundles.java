package jujube.agent.bundles.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import jujube.files.FileDigests;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;

/**
 * The agent's own bundles as its deploy folder holds them, {@code <symbolic name>.jar} each: those whose
 * symbolic name starts with {@code jujube.}, less the libraries ({@code jujube.lib.}), which the
 * distribution installs and no update replaces (as the launcher tells them apart).
 */
final class DeployedBundles {
    private DeployedBundles() {
    }

    static boolean isAgentBundle(String symbolicName) {
        return symbolicName.startsWith("jujube.") && !symbolicName.startsWith("jujube.lib.");
    }

    /** The set in {@code deploy}, said to be of distribution version {@code version}. */
    static AgentBundleSet read(Path deploy, String version) throws IOException {
        List<AgentBundle> bundles = new ArrayList<>();
        try (Stream<Path> files = Files.list(deploy)) {
            for (Path jar : files.filter(DeployedBundles::isJar).sorted().toList()) {
                AgentBundle bundle = describe(jar);
                if (isAgentBundle(bundle.name())) {
                    bundles.add(bundle);
                }
            }
        }
        return new AgentBundleSet(version, bundles);
    }

    private static boolean isJar(Path p) {
        String name = p.getFileName().toString();
        return name.endsWith(".jar") && !name.startsWith(".") && Files.isRegularFile(p);
    }

    /**
     * The jar's symbolic name and version from its manifest, with its sha256 and size.
     *
     * @throws IOException when it is not a bundle
     */
    static AgentBundle describe(Path jar) throws IOException {
        long size = Files.size(jar);
        if (size > jujube.state.AgentBundles.MAX_BUNDLE_BYTES) {
            throw new IOException(jar + " is " + size + " bytes, over " + jujube.state.AgentBundles.MAX_BUNDLE_BYTES);
        }
        String name;
        String version;
        try (JarFile file = new JarFile(jar.toFile())) {
            Attributes main = file.getManifest() == null ? null : file.getManifest().getMainAttributes();
            name = main == null ? null : main.getValue("Bundle-SymbolicName");
            version = main == null ? null : main.getValue("Bundle-Version");
        }
        if (name == null) {
            throw new IOException(jar + " is not a bundle: its manifest has no Bundle-SymbolicName");
        }
        name = name.split(";")[0].strip();
        // as the framework writes it (1.0 is 1.0.0), which the update's check compares with
        String normalized;
        try {
            normalized = org.osgi.framework.Version.parseVersion(version == null ? "0.0.0" : version.strip()).toString();
        } catch (IllegalArgumentException e) {
            throw new IOException(jar + " is not a bundle: its Bundle-Version '" + version + "' is not a version");
        }
        return new AgentBundle(name, normalized, FileDigests.sha256(jar), size);
    }
}
