package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.charm.CharmArchives;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.StoredCharm;
import jujube.hooks.internal.HookExecutorsComponent;
import jujube.hooks.internal.ProcessHookInvoker;
import jujube.model.CharmRecord;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import jujube.upgrade.internal.DirectoryCharmUpgradeHandler;
import jujube.workflow.RetryPolicy;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.WorkflowState;
import jujube.workflow.WorkflowStore;
import jujube.workflow.Workflows;
import org.awaitility.core.ConditionFactory;

/**
 * A service {@code blog} with unit {@code blog/0} in a real ZooKeeper (a chroot per test), the unit's
 * directory with a charm whose shell hooks append their name to {@code hooks.log} and fail while a file
 * {@code fail-<hook>} exists in the control directory, the charm published to a real charm storage, a
 * real hook invoker and executor, and a recording fake of the relation lifecycles.
 */
final class UnitAgentFixture implements AutoCloseable {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    static final UnitName UNIT = UnitName.parse("blog/0");
    static final String CHARM_1 = "local:precise/blog-1";
    static final String CHARM_2 = "local:precise/blog-2";
    private static final List<String> HOOKS = List.of("install", "config-changed", "start", "stop", "upgrade-charm");

    private final ZooKeeperEnvironment env;
    final StateConnection state;
    final Path unitDir;
    final Path control;
    final Path storageDir;
    final RecordingRelations relations = new RecordingRelations();
    /** Times the agents' hook retries: nothing is retried until the test fires it. */
    final ManualDelayedActions delayed = new ManualDelayedActions();
    final ObjectMapper mapper = new ObjectMapper();
    private final Path root;
    final ProcessHookInvoker invoker = HookServices.invoker(Duration.ofSeconds(30), Duration.ofMillis(100));
    final HookExecutorsComponent executors = new HookExecutorsComponent();
    private final List<UnitAgentRuntime> agents = new ArrayList<>();

    UnitAgentFixture(ZooKeeperServer zk, Path root) throws IOException {
        this.root = root;
        env = zk.newEnvironment("unit-agent-");
        state = env.state();
        unitDir = root.resolve("units").resolve("blog-0");
        control = Files.createDirectories(root.resolve("control"));
        storageDir = root.resolve("charms");
        Path charm1 = charm(1, "");
        publish(CHARM_1, charm1);
        state.services().add("blog", CHARM_1);
        state.units().add("blog");
        copy(charm1, unitDir.resolve("charm"));
    }

    /** A new agent on the unit's directories, started; closed by the fixture. */
    UnitAgentRuntime startAgent(int hookRetries) {
        return startAgent(UNIT, unitDir, state, hookRetries);
    }

    /** Another unit of blog, its directory {@code units/blog-N} with the charm blog/0 was deployed with. */
    UnitName addUnit() throws IOException {
        UnitName added = state.units().add("blog").name();
        copy(unitDir(UNIT).resolve("charm"), unitDir(added).resolve("charm"));
        return added;
    }

    Path unitDir(UnitName unit) {
        return root.resolve("units").resolve(unit.service() + "-" + unit.number());
    }

    /** Another connected client of the environment, as another machine agent's; closed by the fixture. */
    StateConnection connect() {
        return env.connect();
    }

    /** A new agent of {@code unit} over {@code connection}, started; closed by the fixture. */
    UnitAgentRuntime startAgent(UnitName unit, Path dir, StateConnection connection, int hookRetries) {
        return startAgent(unit, dir, connection, hookRetries, context -> relations, scope -> {
            throw new IllegalStateException("the fake relations ask for no scope");
        });
    }

    /** A new agent of {@code unit} over {@code connection} with the real relation lifecycles, started. */
    UnitAgentRuntime startAgentWithRelations(UnitName unit, Path dir, StateConnection connection) {
        return startAgent(unit, dir, connection, 0, RelationLifecycles::new, new RelationLifecyclesFixture.TestScopes());
    }

    private UnitAgentRuntime startAgent(UnitName unit, Path dir, StateConnection connection, int hookRetries,
            java.util.function.Function<RelationLifecycleContext, RelationLifecyclesControl> lifecycles,
            ScopeHandlers scopes) {
        UnitAgentSettings settings = new UnitAgentSettings(unit, dir, dir.resolve("charm"),
                Optional.of(storageDir), new RetryPolicy(Duration.ofMillis(1), hookRetries + 1),
                Optional.of(Duration.ofSeconds(20)), HookRetryBackoff.DEFAULT);
        UnitAgentRuntime agent = new UnitAgentRuntime(settings, new UnitAgentRuntime.Collaborators(connection, invoker,
                executors, HookServices.runners(), mapper, () -> Optional.of(new DirectoryCharmUpgradeHandler()),
                scopes, lifecycles, Clock.systemUTC(), delayed));
        agents.add(agent);
        agent.start();
        return agent;
    }

    /** Builds charm revision {@code revision}, whose files include {@code VERSION} holding {@code marker}. */
    Path charm(int revision, String marker) throws IOException {
        Path dir = Files.createDirectories(root.resolve("src").resolve("blog-" + revision).resolve("hooks")).getParent();
        Files.writeString(dir.resolve("metadata.yaml"), "name: blog\nsummary: test blog\ndescription: test blog\n");
        Files.writeString(dir.resolve("config.yaml"), "options:\n  title:\n    type: string\n    default: t\n");
        Files.writeString(dir.resolve("revision"), revision + "\n");
        Files.writeString(dir.resolve("VERSION"), marker + "\n");
        for (String hook : HOOKS) {
            Path file = dir.resolve("hooks").resolve(hook);
            // last-charm first, whole (renamed into place): a test that saw the hook's log line reads it complete
            Files.writeString(file, "#!/bin/sh\necho \"$JUJU_CHARM\" > '" + control.resolve("last-charm.tmp") + "'\n"
                    + "mv '" + control.resolve("last-charm.tmp") + "' '" + control.resolve("last-charm") + "'\n"
                    + "echo \"" + hook + "$(cat VERSION)\" >> '" + hookLogFile() + "'\n"
                    + "if [ -e '" + control.resolve("fail-" + hook) + "' ]; then exit 1; fi\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        }
        return dir;
    }

    /** Puts the charm in the storage and publishes it in the state. */
    void publish(String charmId, Path charmDir) throws IOException {
        Path archive = root.resolve("src").resolve(charmDir.getFileName() + ".zip");
        CharmArchives.build(charmDir, archive);
        StoredCharm stored = new CharmStorage(storageDir).put(CharmUrl.parse(charmId), archive);
        state.charms().publish(new CharmRecord(charmId, "file://" + storageDir.resolve(stored.key()),
                stored.sha256().hex(), Map.of("name", "blog"), Map.of()));
    }

    /** The {@code JUJU_CHARM} the last hook was given. */
    String lastCharmSeen() throws IOException {
        return Files.readString(control.resolve("last-charm")).strip();
    }

    /** The hooks that ran, oldest first: the hook's name followed by the charm's VERSION marker. */
    List<String> hookLog() {
        Path log = hookLogFile();
        try {
            return Files.exists(log) ? Files.readAllLines(log) : List.of();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    Path hookLogFile() {
        return root.resolve("hooks.log");
    }

    void failHook(String hook, boolean fail) throws IOException {
        Path flag = control.resolve("fail-" + hook);
        if (fail) {
            Files.writeString(flag, "");
        } else {
            Files.deleteIfExists(flag);
        }
    }

    WorkflowStore store() {
        return Workflows.fileStore(unitDir.resolve("state").resolve("unit.json"), UnitWorkflow.DEFINITION, mapper);
    }

    WorkflowState storedState() {
        return store().load();
    }

    String replicatedState() {
        return state.units().get(UNIT).workflowState();
    }

    /** Awaits the agent's first completed reconciliation after (re)start, with the stored state it reached. */
    static void awaitQuiet(UnitAgentRuntime agent) {
        POLLING.await("agent reconciled").until(() -> agent.reconciliations() > 0);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var tree = Files.walk(from)) {
            for (Path p : tree.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    @Override
    public void close() throws Exception {
        agents.forEach(UnitAgentRuntime::close);
        env.close();
    }
}
