package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.ServiceInfo;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.state.Watch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code jujube deploy -n 500} killed (SIGKILL) the moment its service shows in the state: the service is
 * there with all 500 units, each on its machine, or not at all, and no node is left that the topology
 * does not name. The environment has its ZooKeeper and no agents: nothing but the command writes.
 */
class DeployKillIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Duration UP = Duration.ofSeconds(30);
    /**
     * How long the deploy may take to write its service: a liveness bound, not a speed goal (the command's
     * JVM and its 500-unit transaction take half a minute on a machine running two builds).
     */
    private static final Duration APPEARS = Duration.ofMinutes(3);
    private static final int UNITS = 500;
    private TestingServer zk;
    private Path home;
    private Environment env;
    private StateConnection state;

    @BeforeEach
    void setUp() throws Exception {
        zk = new TestingServer(true);
        home = SCRATCH.make("jujube-deploykill");
        env = Environment.attach(home, "kill");
        Files.writeString(Files.createDirectories(env.dir()).resolve("environment.yaml"),
                "name: kill\nprovider: local\nzookeeper: " + zk.getConnectString() + "\nplacement: local\n");
        Administrator.create(env.dir()); // as bootstrap would: the command line authenticates with them
        state = StateConnections.open(Administrator.connection(zk.getConnectString(), env.dir()));
        state.awaitConnected(UP);
        state.initialize(new EnvironmentSettings("kill", "local", "local", "local-0"));
    }

    @AfterEach
    void tearDown() throws Exception {
        state.close();
        zk.close();
    }

    @Test
    void a_deploy_killed_as_its_service_appears_left_it_whole() throws Exception {
        CountDownLatch appeared = new CountDownLatch(1);
        try (Watch watch = state.services().watch(change -> {
            if (change.current().contains("mysql")) {
                appeared.countDown();
            }
        })) {
            ProcessBuilder deploy = new ProcessBuilder(env.distribution.dist.resolve("bin/jujube").toString(), "deploy",
                    "-e", "kill", "--repository", Environment.EXAMPLES.toString(), "-n", Integer.toString(UNITS),
                    "local:mysql")
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(home.resolve("deploy.out").toFile()).redirectError(home.resolve("deploy.err").toFile());
            deploy.environment().put("JUJUBE_HOME", home.toString());
            Process running = deploy.start();
            assertTrue(appeared.await(APPEARS.toSeconds(), TimeUnit.SECONDS), "service mysql appeared");
            running.destroyForcibly();
            assertTrue(running.waitFor(UP.toSeconds(), TimeUnit.SECONDS), "killed deploy exited");
        }

        List<ServiceInfo> services = state.services().list();
        assertEquals(List.of("mysql"), services.stream().map(ServiceInfo::name).toList());
        assertEquals(UNITS, services.get(0).units().size(), "every unit of the service, or none: " + services);
        List<UnitInfo> units = state.units().list();
        assertEquals(UNITS, units.size());
        assertTrue(units.stream().allMatch(u -> u.machineId().orElse(-1) == 0), "every unit placed on machine 0");
        Set<String> unitIds = new TreeSet<>(units.stream().map(UnitInfo::id).toList());
        try (CuratorFramework raw = Administrator.raw(zk.getConnectString(), Administrator.of(env.dir()))) {
            assertEquals(unitIds, new TreeSet<>(raw.getChildren().forPath("/units")), "a node for each unit, no other");
            assertEquals(Set.of(services.get(0).id()), Set.copyOf(raw.getChildren().forPath("/services")));
        }
        assertTrue(env.ok("status").contains("mysql/" + (UNITS - 1)), "status shows the last unit");
    }
}
