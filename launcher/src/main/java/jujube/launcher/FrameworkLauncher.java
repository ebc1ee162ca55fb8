package jujube.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Starts a Felix framework with one feature: installs its bundles from the deploy folder (so that
 * FileInstall manages them), places its default configurations there, starts everything, and fails
 * loudly, naming the bundle and what it misses, when a bundle does not resolve.
 */
final class FrameworkLauncher {
    private static final String FILEINSTALL = "org.apache.felix.fileinstall";
    private final Path distribution;

    FrameworkLauncher(Path distribution) {
        this.distribution = distribution;
    }

    /**
     * @param runtimeDir the process's own directory: {@code felix-cache/} and {@code deploy/} live there
     * @param properties framework properties the feature's configurations refer to
     * @param embeddedZooKeeper whether configurations for the embedded ZooKeeper apply
     * @param console whether to add the Gogo shell
     */
    Framework launch(String featureName, Path runtimeDir, Map<String, String> properties, boolean embeddedZooKeeper,
            boolean console, long readyTimeoutMs) throws LaunchException {
        Feature feature = Feature.load(distribution, featureName);
        for (String key : feature.required()) {
            if (!properties.containsKey(key)) {
                throw new LaunchException("feature '" + featureName + "' needs the property " + key);
            }
        }
        DeployFolder deploy = new DeployFolder(runtimeDir.resolve("deploy"));
        try {
            Files.createDirectories(deploy.dir());
        } catch (IOException e) {
            throw new LaunchException("cannot create " + deploy.dir() + ": " + e.getMessage());
        }
        try {
            // before FileInstall reads the folder: an update of its bundles cut short starts on a whole set
            java.util.List<String> restored = jujube.agent.bundles.BundleUpdateDirectory.of(deploy.dir()).recover();
            if (!restored.isEmpty()) {
                System.err.println("jujube-agent: an update of the agent's bundles was cut short; put back " + restored);
            }
        } catch (IOException e) {
            throw new LaunchException("cannot undo the update cut short in " + deploy.dir() + ": " + e.getMessage());
        }
        for (Path cfg : feature.configs()) {
            if (embeddedZooKeeper || !feature.embeddedOnly().contains(cfg.getFileName().toString())) {
                deploy.placeConfig(cfg);
            }
        }
        Path felixCache = runtimeDir.resolve("felix-cache");
        try {
            // before ConfigAdmin reads its store: what a kill left there is settled, not piled up
            int settled = ConfigStoreLeftovers.settle(felixCache);
            if (settled > 0) {
                System.err.println("jujube-agent: settled " + settled + " configuration write(s) a kill interrupted");
            }
        } catch (IOException e) {
            throw new LaunchException("cannot settle the configuration store in " + felixCache + ": " + e.getMessage());
        }
        Map<String, String> fw = new HashMap<>(properties);
        fw.put(Constants.FRAMEWORK_STORAGE, felixCache.toString());
        // the cache keeps what FileInstall updated across restarts: never cleaned
        fw.put(Constants.FRAMEWORK_STORAGE_CLEAN, "none");
        fw.put("felix.fileinstall.dir", deploy.dir().toString());
        fw.put("felix.fileinstall.poll", "500");
        fw.put("felix.fileinstall.noInitialDelay", "true");
        fw.put("felix.fileinstall.enableConfigSave", "false");
        fw.put("felix.fileinstall.filter", "[^.].*\\.(jar|cfg)");
        fw.put("felix.fileinstall.log.level", "2");
        fw.put("felix.fileinstall.bundles.new.start", "true");
        fw.put("felix.fileinstall.bundles.startTransient", "false");
        // FileInstall's scratch directory: by default a new one in /tmp at every start, never removed
        fw.put("felix.fileinstall.tmpdir", runtimeDir.resolve("fileinstall-tmp").toString());
        // one version of a bundle at a time: a second copy dropped under another file name is
        // refused instead of running beside the first
        fw.put("org.osgi.framework.bsnversion", "single");
        exportIncubatingForeignAccess(fw);
        // no LogService here: SCR reports failed activations on the process's own output (logs/<agent>.out)
        fw.put("ds.loglevel", "warn");

        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new LaunchException("no OSGi framework on the launcher's classpath"));
        Framework framework = factory.newFramework(fw);
        try {
            framework.init();
            BundleContext ctx = framework.getBundleContext();
            uninstallRemoved(ctx);
            List<Bundle> bundles = new ArrayList<>();
            for (Path jar : feature.bundles()) {
                DeployFolder.BundleId id = DeployFolder.BundleId.of(jar);
                if (isApplication(id.symbolicName())) {
                    // FileInstall installs and manages it from the deploy folder: replacing the file
                    // there later updates the bundle in place
                    deploy.place(jar);
                } else {
                    bundles.add(installOrKeep(ctx, jar));
                }
            }
            if (console) {
                for (Path jar : listJars(distribution.resolve("lib").resolve("gogo"))) {
                    bundles.add(installOrKeep(ctx, jar));
                }
            }
            framework.start();
            startAll(bundles);
            try {
                new Readiness(ctx).await(feature.readyServices(embeddedZooKeeper), readyTimeoutMs);
            } catch (LaunchException e) {
                throw new LaunchException(e.getMessage() + unresolved(ctx));
            }
            return framework;
        } catch (BundleException e) {
            stopQuietly(framework);
            throw new LaunchException("framework failed: " + e.getMessage());
        } catch (LaunchException e) {
            stopQuietly(framework);
            throw e;
        }
    }

    /**
     * Uninstalls each bundle of the framework's cache whose jar is gone: a library that a newer
     * distribution no longer has (as slf4j-simple, replaced by Logback) would otherwise stay installed
     * beside its replacement and be wired in its place.
     */
    static void uninstallRemoved(BundleContext ctx) throws BundleException {
        for (Bundle b : ctx.getBundles()) {
            String location = b.getLocation();
            if (b.getBundleId() != 0 && location.startsWith("file:") && !Files.exists(Path.of(java.net.URI.create(location)))) {
                b.uninstall();
            }
        }
    }

    /** Our own bundles are hot-deployable; libraries and the OSGi runtime are not. */
    static boolean isApplication(String symbolicName) {
        return symbolicName.startsWith("jujube.") && !symbolicName.startsWith("jujube.lib.");
    }

    /** Names each bundle that is not active and why, as the framework words it. */
    private static String unresolved(BundleContext ctx) {
        StringBuilder why = new StringBuilder();
        for (Bundle b : ctx.getBundles()) {
            boolean fragment = b.getHeaders().get(Constants.FRAGMENT_HOST) != null;
            if (b.getState() != Bundle.ACTIVE && !fragment) {
                try {
                    b.start();
                } catch (BundleException | RuntimeException e) {
                    why.append("\n  bundle ").append(b.getSymbolicName()).append(' ').append(b.getVersion())
                            .append(" is not active: ").append(e.getMessage());
                }
            }
        }
        return why.toString();
    }

    /**
     * Installs a library bundle from the distribution, or keeps the one the framework's cache holds,
     * updated when the distribution's jar has a higher version or was written after it was installed.
     */
    static Bundle installOrKeep(BundleContext ctx, Path jar) throws LaunchException {
        String location = jar.toUri().toString();
        Bundle existing = ctx.getBundle(location);
        try {
            if (existing != null) {
                // a newer distribution placed a newer jar, or a rebuild one of the same version (our
                // libraries keep theirs from build to build): bring the cached bundle up to it
                boolean newerVersion = existing.getVersion().compareTo(DeployFolder.BundleId.of(jar).version()) < 0;
                boolean rebuilt = Files.getLastModifiedTime(jar).toMillis() > existing.getLastModified();
                if (newerVersion || rebuilt) {
                    existing.update();
                }
                return existing;
            }
            return ctx.installBundle(location);
        } catch (BundleException | IOException e) {
            throw new LaunchException("cannot install " + jar + ": " + e.getMessage());
        }
    }

    private static void startAll(List<Bundle> bundles) throws LaunchException {
        List<String> failures = new ArrayList<>();
        // FileInstall starts bundles itself from its own thread: let it begin only once the launcher
        // is done, so that two threads never start the same bundle at once
        List<Bundle> ordered = new ArrayList<>(bundles);
        ordered.sort(java.util.Comparator.comparing(b -> FILEINSTALL.equals(b.getSymbolicName())));
        for (Bundle b : ordered) {
            if (b.getHeaders().get(Constants.FRAGMENT_HOST) != null) {
                continue; // fragments attach to their host; they are never started
            }
            try {
                b.start();
            } catch (BundleException | RuntimeException e) {
                failures.add("bundle " + b.getSymbolicName() + " " + b.getVersion() + " does not start: " + e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new LaunchException(String.join("\n", failures));
        }
    }

    private static List<Path> listJars(Path dir) throws LaunchException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new LaunchException("cannot list " + dir + ": " + e.getMessage());
        }
    }

    static void stopQuietly(Framework framework) {
        try {
            framework.stop();
            framework.waitForStop(30_000);
        } catch (BundleException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits until each named service is registered and can be obtained (an activation that failed cannot). */
    private record Readiness(BundleContext ctx) {
        void await(List<String> services, long timeoutMs) throws LaunchException {
            long deadline = System.currentTimeMillis() + timeoutMs;
            for (String service : services) {
                while (!obtainable(service)) {
                    if (System.currentTimeMillis() > deadline) {
                        throw new LaunchException("service " + service + " did not come up within "
                                + timeoutMs / 1000 + " s; see the log above");
                    }
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new LaunchException("interrupted while waiting for " + service);
                    }
                }
            }
        }

        private boolean obtainable(String service) {
            ServiceReference<?> ref = ctx.getServiceReference(service);
            if (ref == null) {
                return false;
            }
            try {
                return ctx.getService(ref) != null;
            } finally {
                ctx.ungetService(ref);
            }
        }
    }

    /**
     * jujube.hooks.posixspawn starts hooks with posix_spawn through the JDK 17 foreign function interface
     * when the JVM was started with {@code --add-modules jdk.incubator.foreign} (bin/jujube-agent does):
     * the framework exports that package to bundles only if it is told to, and the bundle resolves only
     * where it does.
     */
    private static void exportIncubatingForeignAccess(Map<String, String> fw) {
        if (ModuleLayer.boot().findModule("jdk.incubator.foreign").isPresent()) {
            fw.merge(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "jdk.incubator.foreign", (a, b) -> a + "," + b);
        }
    }
}
