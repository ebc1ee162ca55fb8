package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import jujube.hooks.internal.HookExecutorsComponent;
import jujube.state.ConnectionConfig;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import jujube.workflow.RetryPolicy;

/**
 * One unit agent in a JVM of its own, for {@link UnitAgentCrashTest}: the {@link UnitAgentRuntime} with
 * its real collaborators (a ZooKeeper session, the process hook invoker, the hook executors, the real
 * relation lifecycles with a global scope, the unit's directory on disk), running until the process is
 * killed. No shutdown hook: the point is to be killed with SIGKILL.
 *
 * <p>Arguments: {@code <zookeeper connect string> <chroot> <unit name> <unit dir>}.
 */
public final class UnitAgentProcess {
    /** Failed hooks are retried quickly: the harness injects failures and wants them over soon. */
    static final RetryPolicy RETRY = new RetryPolicy(Duration.ofMillis(20), 3);
    /** System properties: where to record {@code <pid> <incarnation>} before starting, and the incarnation. */
    static final String AGENTS_FILE = "jujube.crash.agents";
    static final String INCARNATION = "jujube.crash.incarnation";

    private UnitAgentProcess() {}

    public static void main(String[] args) throws InterruptedException, IOException {
        if (args.length != 5) {
            System.err.println("usage: UnitAgentProcess <zookeeper> <chroot> <unit> <unit dir> <credentials file>");
            System.exit(2);
        }
        UnitName unit = UnitName.parse(args[2]);
        Path unitDir = Path.of(args[3]);
        // a short session: the presence nodes of a killed agent go soon, as a real restart would see them go
        StateConnection state = StateConnections.open(new ConnectionConfig(args[0], Duration.ofSeconds(2),
                Duration.ofSeconds(2), args[1], jujube.access.CredentialFiles.read(Path.of(args[4]))), List.of());
        UnitAgentSettings settings = new UnitAgentSettings(unit, unitDir, unitDir.resolve("charm"), Optional.empty(),
                RETRY, Optional.of(Duration.ofSeconds(30)));
        UnitAgentRuntime agent = new UnitAgentRuntime(settings, new UnitAgentRuntime.Collaborators(state,
                HookServices.invoker(Duration.ofSeconds(30), Duration.ofMillis(100)), new HookExecutorsComponent(),
                HookServices.runners(), new ObjectMapper(), Optional::empty, new RelationLifecyclesFixture.TestScopes(), RelationLifecycles::new,
                Clock.systemUTC()));
        String agents = System.getProperty(AGENTS_FILE);
        if (agents != null) { // before the first hook, which looks its parent up there
            Files.writeString(Path.of(agents), ProcessHandle.current().pid() + " " + System.getProperty(INCARNATION)
                    + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        agent.start();
        System.out.println("unit agent " + unit + " running, pid " + ProcessHandle.current().pid());
        new CountDownLatch(1).await(); // until killed
    }
}
