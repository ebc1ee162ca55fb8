package jujube.cli.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import jujube.charm.Sha256;
import jujube.cli.CliException;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;

/**
 * The agents' own bundles a distribution holds: the application bundles of
 * {@code features/machine-agent/bundles} (what every machine agent runs) and of
 * {@code features/controller/bundles} (the controller's), each with its jar's sha256 and size, and the
 * distribution's version from {@code lib/dist.properties} (empty when it has none).
 *
 * @param jars each application bundle's jar, by sha256
 */
record DistributionBundles(Path dir, String version, AgentBundleSet machines, AgentBundleSet controller,
        Map<String, Path> jars) {
    static final String MACHINE_FEATURE = "machine-agent";
    static final String CONTROLLER_FEATURE = "controller";

    DistributionBundles {
        jars = Map.copyOf(jars);
    }

    /** Reads {@code dir}; a directory that is not a distribution, or a jar that is not a bundle, is refused in one line. */
    static DistributionBundles read(Path dir) {
        for (String feature : List.of(MACHINE_FEATURE, CONTROLLER_FEATURE)) {
            if (!Files.isDirectory(bundlesOf(dir, feature))) {
                throw new CliException(dir + " is not a jujube distribution (no features/" + feature + "/bundles)");
            }
        }
        String version = version(dir);
        Map<String, Path> jars = new HashMap<>();
        AgentBundleSet machines = set(dir, MACHINE_FEATURE, version, jars);
        AgentBundleSet controller = set(dir, CONTROLLER_FEATURE, version, jars);
        return new DistributionBundles(dir, version, machines, controller, jars);
    }

    /**
     * The version in {@code dir/lib/dist.properties} ({@code version=1.1.0}); empty when the file is missing
     * (a distribution built before it had one), refused when it cannot be read or its version is no version.
     */
    static String version(Path dir) {
        java.util.Optional<String> version = DistributionVersion.read(dir);
        if (version.isPresent() && !DistributionVersion.VERSION.matcher(version.get()).matches()) {
            throw new CliException(dir.resolve(DistributionVersion.FILE) + ": version '" + abbreviated(version.get())
                    + "' is not a version such as 1.1.0");
        }
        return version.orElse("");
    }

    /** A version as the command line shows it: {@code unknown} for a distribution that does not say. */
    static String shown(String version) {
        return version.isEmpty() ? "unknown" : version;
    }

    Path jar(AgentBundle bundle) {
        return jars.get(bundle.sha256());
    }

    private static Path bundlesOf(Path dir, String feature) {
        return dir.resolve("features").resolve(feature).resolve("bundles");
    }

    private static AgentBundleSet set(Path dir, String feature, String version, Map<String, Path> jars) {
        Path folder = bundlesOf(dir, feature);
        List<Path> files;
        try (Stream<Path> listed = Files.list(folder)) {
            files = listed.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new CliException("cannot list " + folder + ": " + e.getMessage());
        }
        List<AgentBundle> bundles = new ArrayList<>();
        for (Path jar : files) {
            bundle(jar).ifPresent(b -> {
                bundles.add(b);
                jars.put(b.sha256(), jar);
            });
        }
        try {
            return new AgentBundleSet(version, bundles);
        } catch (IllegalArgumentException e) {
            throw new CliException(folder + ": " + e.getMessage());
        }
    }

    /** The jar as an agent's bundle; empty for a library (the distribution installs those, upgrades leave them). */
    private static java.util.Optional<AgentBundle> bundle(Path jar) {
        String name;
        String version;
        try (JarFile j = new JarFile(jar.toFile())) {
            Attributes main = j.getManifest() == null ? null : j.getManifest().getMainAttributes();
            String bsn = main == null ? null : main.getValue("Bundle-SymbolicName");
            if (bsn == null || bsn.isBlank()) {
                throw new CliException(jar + " is not a bundle (no Bundle-SymbolicName in its manifest)");
            }
            name = bsn.split(";")[0].strip();
            version = osgiVersion(main.getValue("Bundle-Version"));
        } catch (IOException e) {
            throw new CliException(jar + " is not a bundle (not a jar: " + e.getMessage() + ")");
        }
        if (!isApplication(name)) {
            return java.util.Optional.empty();
        }
        try {
            long size = Files.size(jar);
            if (size > AgentBundles.MAX_BUNDLE_BYTES) {
                throw new CliException(jar + " is " + size + " bytes, larger than the " + AgentBundles.MAX_BUNDLE_BYTES
                        + " bytes an agent's bundle may be");
            }
            String sha256;
            try (InputStream in = Files.newInputStream(jar)) {
                sha256 = Sha256.of(in).hex();
            }
            return java.util.Optional.of(new AgentBundle(name, version, sha256, size));
        } catch (IOException e) {
            throw new CliException("cannot read " + jar + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CliException(jar + ": " + e.getMessage());
        }
    }

    /**
     * Whether an agent runs the bundle from its deploy folder, where an upgrade can replace it: the launcher's
     * rule ({@code FrameworkLauncher.isApplication}), repeated here since the command line does not link the launcher.
     */
    static boolean isApplication(String symbolicName) {
        return symbolicName.startsWith("jujube.") && !symbolicName.startsWith("jujube.lib.");
    }

    /**
     * A {@code Bundle-Version} as the framework gives it back ({@code Version.toString()}), which is what agents
     * report: {@code 1.0} is {@code 1.0.0}, none is {@code 0.0.0}. One that is no OSGi version stays as written,
     * for {@link AgentBundle} to refuse or keep.
     */
    static String osgiVersion(String header) {
        if (header == null || header.isBlank()) {
            return "0.0.0";
        }
        String[] parts = header.strip().split("\\.", 4);
        String[] numbers = {"0", "0", "0"};
        for (int i = 0; i < Math.min(3, parts.length); i++) {
            if (!parts[i].matches("[0-9]{1,9}")) {
                return header.strip();
            }
            numbers[i] = Integer.toString(Integer.parseInt(parts[i]));
        }
        String version = String.join(".", numbers);
        return parts.length == 4 ? version + "." + parts[3] : version;
    }

    private static String abbreviated(String text) {
        String start = text.length() <= 64 ? text : text.substring(0, 64) + "...";
        return start.replaceAll("\\p{Cntrl}", "?");
    }
}
