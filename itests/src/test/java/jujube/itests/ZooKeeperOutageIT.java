package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.testkit.Polling;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.data.Stat;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A machine agent process survives its ZooKeeper going away: the controller (which runs the
 * embedded server) is stopped and started again on the same data directory and port, once for
 * less than the agent's session timeout and once for longer.
 */
class ZooKeeperOutageIT {
    /** Polls every 100 ms for up to 90 s: the outage and the reconnection that follows take their time. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(100)).atMost(Duration.ofSeconds(90));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final int SESSION_MS = 8000;
    private Path env;
    private int port;
    private final Distribution distribution = new Distribution(Path.of("/unused"));

    @BeforeEach
    void setUp() throws IOException {
        env = SCRATCH.make("jujube-outage");
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
    }

    @AfterEach
    void tearDown() {
        for (ProcessHandle p : Distribution.processesMentioning(env)) {
            p.destroyForcibly();
        }
    }

    @Test
    void machine_agent_reconnects_and_its_presence_returns() throws Exception {
        Administrator.create(env);
        Process controller = controller();
        String connect = "127.0.0.1:" + port;
        try (StateConnection admin = StateConnections.open(Administrator.connection(connect, env))) {
            admin.awaitConnected(Duration.ofSeconds(60));
            admin.initialize(new EnvironmentSettings("outage", "local", "local", "local-0"));
            Administrator.handOneTimeCredential(admin, 0, env.resolve("machine-0"));
        }
        agent("machine", "--machine-id", "0", "--zookeeper", connect, "--data-dir", env.resolve("machine-0").toString(),
                "--session-timeout", Integer.toString(SESSION_MS));
        long first = awaitPresence(connect, owner -> owner != 0);

        // shorter than the session: the same session comes back, and with it the presence node
        stop(controller);
        controller = controller();
        assertEquals(first, awaitPresence(connect, owner -> owner != 0), "the same session owns presence");

        // longer than the session: it expires; a new session re-creates presence. Until the server
        // expires the old session its node stays, so wait for a node owned by another session.
        stop(controller);
        Thread.sleep(SESSION_MS * 3L / 2); // the outage itself is what is tested: it must outlast the session
        controller();
        long after = awaitPresence(connect, owner -> owner != 0 && owner != first);
        assertNotEquals(first, after);
    }

    private Process controller() throws IOException {
        return agent("controller", "--env-dir", env.toString(), "--zookeeper-port", Integer.toString(port),
                "--session-timeout", Integer.toString(SESSION_MS));
    }

    private Process agent(String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("setsid",
                distribution.dist.resolve("bin/jujube-agent").toString()));
        command.addAll(List.of(args));
        Files.createDirectories(env.resolve("logs"));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(env.resolve("logs").resolve(args[0] + ".log").toFile()))
                .start();
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("controller did not stop on SIGTERM");
        }
    }

    /** Waits for machine 0's presence node owned by a session that {@code wanted} accepts, and returns it. */
    private long awaitPresence(String connect, java.util.function.LongPredicate wanted) throws Exception {
        try (CuratorFramework zk = Administrator.raw(connect, Administrator.of(env))) {
            long[] owner = new long[1];
            POLLING.await("presence of machine 0").until(() -> {
                try {
                    Stat stat = zk.checkExists().forPath("/machines/machine-0000000000/agent");
                    owner[0] = stat == null ? 0 : stat.getEphemeralOwner();
                    return wanted.test(owner[0]);
                } catch (Exception e) {
                    return false;
                }
            });
            return owner[0];
        }
    }
}
