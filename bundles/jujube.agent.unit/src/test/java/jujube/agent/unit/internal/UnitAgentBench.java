package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import jujube.hooks.internal.HookExecutorsComponent;
import jujube.hooks.internal.ProcessHookInvoker;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import jujube.workflow.RetryPolicy;
import org.apache.curator.test.TestingServer;
import org.awaitility.Awaitility;

/**
 * The unit agent's measures (bench/unitagent/run.sh): how much heap one hosted unit agent costs (1 and
 * 50 agents in one JVM sharing a state connection, hook invoker and executors service, as in a machine
 * agent), and how long 50 agents ({@code -Djujube.bench.units=N}: N) take to synchronize after a restart
 * (all closed, all started again,
 * until each reports started and reconciled, with no hook run). Plain classes, a real in-process
 * ZooKeeper, a charm whose hooks only log their name. Prints Markdown rows.
 */
public final class UnitAgentBench {
    private static final int MANY = Integer.getInteger("jujube.bench.units", 50);
    private final ObjectMapper mapper = new ObjectMapper();
    private final StateConnection state;
    private final ProcessHookInvoker invoker = HookServices.invoker(Duration.ofSeconds(30), Duration.ofMillis(100));
    private final HookExecutorsComponent executors = new HookExecutorsComponent();
    private final Path root;
    private final Path hookLog;

    private UnitAgentBench(StateConnection state, Path root) {
        this.state = state;
        this.root = root;
        this.hookLog = root.resolve("hooks.log");
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("jujube-unitagent-bench");
        try (TestingServer zk = new TestingServer(true);
                StateConnection state = StateConnections.open(ConnectionConfig.of(zk.getConnectString())
                        .withCredentials(List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN))), List.of())) {
            state.awaitConnected(Duration.ofSeconds(20));
            state.initialize(new EnvironmentSettings("bench", "local", "local", "local-0"));
            state.charms().publish(new CharmRecord("local:precise/noop-1", "file:///nowhere", "sha", Map.of("name", "noop"),
                    Map.of()));
            new UnitAgentBench(state, root).run();
        }
    }

    private void run() throws Exception {
        long baseline = heapAfterGc();
        int baseThreads = Thread.activeCount();

        List<UnitAgentRuntime> one = start(units("one", 1));
        awaitStarted(one);
        long heapOne = heapAfterGc() - baseline;
        int threadsOne = Thread.activeCount() - baseThreads;
        one.forEach(UnitAgentRuntime::close);

        List<Unit> many = units("many", MANY);
        long t0 = System.nanoTime();
        List<UnitAgentRuntime> agents = start(many);
        awaitStarted(agents);
        double firstStart = seconds(System.nanoTime() - t0);
        long heapMany = heapAfterGc() - baseline;
        int threadsMany = Thread.activeCount() - baseThreads;

        long hooksBefore = hookRuns();
        agents.forEach(UnitAgentRuntime::close);
        long t1 = System.nanoTime();
        List<UnitAgentRuntime> restarted = start(many);
        awaitStarted(restarted);
        double resync = seconds(System.nanoTime() - t1);
        long hooksAfter = hookRuns();
        restarted.forEach(UnitAgentRuntime::close);

        System.out.println("| what | figure |");
        System.out.println("| --- | --- |");
        System.out.printf("| heap after GC, 1 unit agent hosted | %.0f KiB |%n", heapOne / 1024.0);
        System.out.printf("| heap after GC, %d unit agents hosted, per unit | %.0f KiB |%n", MANY,
                heapMany / 1024.0 / MANY);
        System.out.printf("| threads, 1 unit agent / %d unit agents | %d / %d |%n", MANY, threadsOne, threadsMany);
        System.out.printf("| %d new units: install, config-changed, start | %.2f s |%n", MANY, firstStart);
        System.out.printf("| %d unit agents: restart to all synchronized in started | %.2f s (hooks run: %d) |%n", MANY,
                resync, hooksAfter - hooksBefore);
    }

    /** A unit of the no-op charm, with its directory. */
    private record Unit(UnitName name, Path dir) {}

    private List<Unit> units(String service, int count) throws IOException {
        state.services().add(service, "local:precise/noop-1");
        List<Unit> units = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            UnitName unit = state.units().add(service).name();
            state.units().setAddresses(unit, "pub", "10.0.0.1");
            Path dir = root.resolve("units").resolve(service + "-" + unit.number());
            writeCharm(dir.resolve("charm"));
            units.add(new Unit(unit, dir));
        }
        return units;
    }

    private void writeCharm(Path charm) throws IOException {
        Path hooks = Files.createDirectories(charm.resolve("hooks"));
        Files.writeString(charm.resolve("metadata.yaml"), "name: noop\nsummary: s\ndescription: d\n");
        for (String hook : List.of("install", "config-changed", "start", "stop")) {
            Path file = hooks.resolve(hook);
            Files.writeString(file, "#!/bin/sh\necho " + hook + " >> '" + hookLog + "'\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private List<UnitAgentRuntime> start(List<Unit> units) {
        List<UnitAgentRuntime> agents = new ArrayList<>();
        for (Unit unit : units) {
            UnitAgentSettings settings = new UnitAgentSettings(unit.name(), unit.dir(), unit.dir().resolve("charm"),
                    Optional.empty(), RetryPolicy.NONE, Optional.empty());
            UnitAgentRuntime agent = new UnitAgentRuntime(settings, new UnitAgentRuntime.Collaborators(state, invoker,
                    executors, HookServices.runners(), mapper, Optional::empty, new RelationLifecyclesFixture.TestScopes(),
                    RelationLifecycles::new, Clock.systemUTC()));
            agent.start();
            agents.add(agent);
        }
        return agents;
    }

    private static void awaitStarted(List<UnitAgentRuntime> agents) {
        Awaitility.await("unit agents started").atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(5))
                .dontCatchUncaughtExceptions()
                .until(() -> agents.stream().allMatch(a -> "started".equals(a.workflowState()) && a.reconciliations() > 0));
    }

    private long hookRuns() throws IOException {
        return Files.exists(hookLog) ? Files.readAllLines(hookLog).size() : 0;
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 4; i++) {
            System.gc();
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos()); // let reference processing finish
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
