package jujube.itests;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import org.apache.curator.test.TestingServer;
import org.ops4j.pax.exam.Option;

/**
 * The provisioning list of the machine-agent feature, as the launcher lays it out: libraries and
 * the OSGi runtime installed directly, our own bundles and the feature's configurations placed in
 * a FileInstall deploy folder. Runs outside the framework only (Pax Exam calls it from
 * {@code @Configuration}); the test classes themselves must not touch ZooKeeper server types.
 */
public final class MachineAgentFramework {
    private static final jujube.access.Credential ADMIN = jujube.access.Credential.generate(jujube.access.Credential.ADMIN);
    private static TestingServer zookeeper;
    private static Path deployDir;

    private MachineAgentFramework() {}

    /** Starts a ZooKeeper with an initialized environment and returns the framework's options. */
    public static synchronized Option[] options() throws Exception {
        if (zookeeper == null) {
            zookeeper = new TestingServer(true);
            try (StateConnection admin = StateConnections.open(ConnectionConfig.of(zookeeper.getConnectString())
                    .withCredentials(List.of(ADMIN)))) {
                admin.awaitConnected(Duration.ofSeconds(20));
                admin.initialize(new EnvironmentSettings("itest", "local", "local", "local-0"));
            }
        }
        Path work = Files.createTempDirectory("jujube-itest");
        // the framework's agent is the administrator: these tests drive the environment through it
        jujube.access.CredentialFiles.write(work.resolve("machine-0").resolve(jujube.access.CredentialFiles.CREDENTIALS),
                List.of(ADMIN));
        deployDir = Files.createDirectories(work.resolve("deploy"));
        List<Option> options = new ArrayList<>();
        for (Path jar : jars(Path.of(System.getProperty("jujube.itest.bundles")))) {
            String bsn = symbolicName(jar);
            if (bsn.startsWith("jujube.") && !bsn.startsWith("jujube.lib.")) {
                Files.copy(jar, deployDir.resolve(bsn + ".jar"), StandardCopyOption.REPLACE_EXISTING);
            } else if (fragment(jar)) {
                options.add(bundle(jar.toUri().toString()).noStart()); // attaches to its host; never started
            } else {
                options.add(bundle(jar.toUri().toString()));
            }
        }
        Path config = Path.of(System.getProperty("jujube.itest.features"), "machine-agent", "config");
        for (Path cfg : jars(config, ".cfg")) {
            Files.copy(cfg, deployDir.resolve(cfg.getFileName()));
        }
        options.add(junitBundles());
        options.add(cleanCaches());
        options.add(frameworkProperty("jujube.zookeeper").value(zookeeper.getConnectString()));
        options.add(frameworkProperty("jujube.machine.id").value("0"));
        options.add(frameworkProperty("jujube.machine.address").value("127.0.0.1"));
        options.add(frameworkProperty("jujube.zookeeper.ca").value("")); // plain TCP
        options.add(frameworkProperty("jujube.session.timeout.ms").value("10000"));
        options.add(frameworkProperty("jujube.data.dir").value(work.resolve("machine-0").toString()));
        options.add(frameworkProperty("jujube.charm.storage").value(Files.createDirectories(work.resolve("charms")).toString()));
        options.add(frameworkProperty("felix.fileinstall.dir").value(deployDir.toString()));
        options.add(frameworkProperty("felix.fileinstall.poll").value("200"));
        options.add(frameworkProperty("felix.fileinstall.noInitialDelay").value("true"));
        options.add(frameworkProperty("felix.fileinstall.enableConfigSave").value("false"));
        options.add(frameworkProperty("felix.fileinstall.log.level").value("2"));
        options.add(frameworkProperty("org.osgi.framework.bsnversion").value("single"));
        options.add(frameworkProperty("ds.loglevel").value("warn"));
        // read by the probe through the framework: where to drop updated bundles
        options.add(frameworkProperty("jujube.itest.deploy").value(deployDir.toString()));
        // the framework's Logback reads no class path of the test's: name its configuration
        options.add(systemProperty("logback.configurationFile")
                .value(MachineAgentFramework.class.getResource("/logback-test.xml").toString()));
        return options.toArray(Option[]::new);
    }

    private static List<Path> jars(Path dir) throws IOException {
        return jars(dir, ".jar");
    }

    private static List<Path> jars(Path dir, String suffix) throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static boolean fragment(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getManifest().getMainAttributes().getValue("Fragment-Host") != null;
        }
    }

    private static String symbolicName(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            String bsn = j.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
            if (bsn == null) {
                throw new IOException(jar + " is not a bundle");
            }
            return bsn.split(";")[0].trim();
        }
    }
}
