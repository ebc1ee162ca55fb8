package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jujube.hooks.HookExecutor;
import jujube.hooks.UnitHookRunner;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.internal.UnitHookExecutor;
import jujube.spi.RelationScopeHandler;
import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import jujube.workflow.QueueState;
import jujube.workflow.Workflows;

/**
 * A unit agent's relation side on a real ZooKeeper (a fresh chroot per fixture) and real disk: a charm
 * whose relation hooks append {@code <hook> <JUJU_REMOTE_UNIT> <JUJU_MEMBERS>} to {@code out/log}, a real
 * hook runner and executor, and {@link RelationLifecycles} over them. Remote units are joined by the test.
 */
final class RelationLifecyclesFixture implements AutoCloseable {
    final StateConnection state;
    final Path root;
    final Path out;
    final TestScopes scopes = new TestScopes();
    /** What the lifecycles reported corrupt off the agent's thread. */
    final List<LocalStateProblem> corrupt = new java.util.concurrent.CopyOnWriteArrayList<>();
    final ZooKeeperEnvironment env;
    private final Map<UnitName, UnitRelation> members = new ConcurrentHashMap<>();
    private final List<Agent> agents = new ArrayList<>();

    RelationLifecyclesFixture(ZooKeeperServer zk, Path root) throws IOException {
        this.root = root;
        env = zk.newEnvironment("rel");
        state = env.state();
        state.charms().publish(new CharmRecord("local:precise/app-1", "file:///c/app", "sha-a", Map.of("name", "app"),
                Map.of()));
        out = Files.createDirectories(root.resolve("out"));
        Files.writeString(out.resolve("log"), "");
    }

    /** Adds a service running the test charm. */
    void service(String name) {
        state.services().add(name, "local:precise/app-1");
    }

    /** Adds a principal unit with an address. */
    UnitName unit(String service) {
        UnitName unit = state.units().add(service).name();
        state.units().setAddresses(unit, "pub-" + unit.number(), "10.0.0." + unit.number());
        return unit;
    }

    /** Joins a remote unit to a relation, as its own agent would. */
    void join(String relationId, UnitName unit) {
        UnitRelation member = state.relations().of(relationId, unit);
        member.enterScope();
        members.put(unit, member);
    }

    /** The remote unit leaves the relation's scope. */
    void leave(UnitName unit) {
        members.remove(unit).leaveScope();
    }

    /** The hook log, one line per relation hook run. */
    List<String> log() {
        try {
            return Files.readAllLines(out.resolve("log")).stream().map(String::strip).toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The services wordpress and mysql, related over {@code db} (global scope), with their units. */
    record WordpressAndMysql(RelationInfo db, UnitName wp, UnitName m0, UnitName m1) {}

    /** Adds wordpress and mysql related over {@code db}, with wordpress/0, mysql/0 and mysql/1. */
    WordpressAndMysql wordpressAndMysql() {
        RelationInfo db = related("mysql", RelationScope.GLOBAL, new RelationEndpoint("wordpress", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "db", RelationRole.SERVER));
        return new WordpressAndMysql(db, unit("wordpress"), unit("mysql"), unit("mysql"));
    }

    /** A service running the test charm for each endpoint, related over {@code interfaceName}. */
    RelationInfo related(String interfaceName, RelationScope scope, RelationEndpoint... endpoints) {
        for (RelationEndpoint endpoint : endpoints) {
            service(endpoint.serviceName());
        }
        return state.relations().add(interfaceName, scope, List.of(endpoints));
    }

    /** The agent of {@code unit} with its executor and relation lifecycles of {@code relationName} started. */
    Agent started(UnitName unit, String relationName) throws IOException {
        Agent agent = agent(unit, relationName);
        agent.executor().start();
        agent.relations().start(true);
        return agent;
    }

    /** Starts an agent for {@code unit}: its own directory, hook runner, executor (stopped) and lifecycles. */
    Agent agent(UnitName unit, String... relationNames) throws IOException {
        return agent(unit, runner -> runner, relationNames);
    }

    /** As {@link #agent(UnitName, String...)}, its lifecycles using the hook runner {@code wrap} returns. */
    Agent agent(UnitName unit, java.util.function.UnaryOperator<UnitHookRunner> wrap, String... relationNames)
            throws IOException {
        return agent(unit, wrap, RelationHookRetries.OFF, relationNames);
    }

    /** As {@link #agent(UnitName, String...)}, failed relation hooks retried as {@code retries} says. */
    Agent agent(UnitName unit, RelationHookRetries retries, String... relationNames) throws IOException {
        return agent(unit, runner -> runner, retries, relationNames);
    }

    private Agent agent(UnitName unit, java.util.function.UnaryOperator<UnitHookRunner> wrap,
            RelationHookRetries retries, String... relationNames) throws IOException {
        Path unitDir = root.resolve("units").resolve(unit.service() + "-" + unit.number());
        Path charmDir = Files.createDirectories(unitDir.resolve("charm").resolve("hooks")).getParent();
        for (String relation : relationNames) {
            for (String kind : List.of("joined", "changed", "departed", "broken")) {
                hook(charmDir, relation + "-relation-" + kind);
            }
            createdHook(charmDir, relation + "-relation-created");
        }
        ObjectMapper mapper = new ObjectMapper();
        UnitHookRunner runner = HookServices.runners().start(UnitHookSetup.of(state.unit(unit),
                HookServices.invoker(Duration.ofSeconds(30), Duration.ofMillis(200)), unitDir, charmDir, mapper));
        HookExecutor executor = new UnitHookExecutor(unit.toString());
        Agent agent = new Agent(runner, executor, new RelationLifecycles(new RelationLifecycleContext(state.unit(unit), unit,
                unit.service(), unitDir.resolve("state"), mapper, wrap.apply(runner), executor, scopes, retries, corrupt::add)),
                unitDir.resolve("state"));
        agents.add(agent);
        return agent;
    }

    /**
     * A hook that logs itself; {@code $OUT/fail-<hook>} makes it fail, and {@code $OUT/gate-<hook>-<unit>}
     * (a fifo) makes it wait for a line from the test after logging.
     */
    private void hook(Path charmDir, String name) throws IOException {
        Path hook = charmDir.resolve("hooks").resolve(name);
        Files.writeString(hook, "#!/bin/sh\nOUT='" + out + "'\n"
                + "echo \"" + name + " $JUJU_REMOTE_UNIT $JUJU_MEMBERS\" >> \"$OUT/log\"\n"
                + "[ -n \"$JUJU_DEPARTING_UNIT\" ] && echo \"" + name + " departing=$JUJU_DEPARTING_UNIT\" >> \"$OUT/departing\"\n"
                + "GATE=\"$OUT/gate-" + name + "-$(echo \"$JUJU_REMOTE_UNIT\" | tr / -)\"\n"
                + "[ -p \"$GATE\" ] && read line < \"$GATE\"\n"
                + "[ -f \"$OUT/fail-" + name + "\" ] && exit 1\n"
                + "exit 0\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
    }

    /** -relation-created logs into {@code $OUT/created} (not the log the other hooks share), with what it is told. */
    private void createdHook(Path charmDir, String name) throws IOException {
        Path hook = charmDir.resolve("hooks").resolve(name);
        Files.writeString(hook, "#!/bin/sh\necho \"$JUJU_UNIT_NAME " + name
                + " remote-unit=$JUJU_REMOTE_UNIT remote-app=$JUJU_REMOTE_APP members=$JUJU_MEMBERS\" >> '"
                + out.resolve("created") + "'\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
    }

    /** The -relation-departed hooks with the departing unit they were told, oldest first. */
    List<String> departingLog() throws IOException {
        Path log = out.resolve("departing");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** What -relation-created hooks logged, oldest first. */
    List<String> createdLog() throws IOException {
        Path log = out.resolve("created");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    @Override
    public void close() throws Exception {
        for (Agent agent : agents) {
            agent.close();
        }
        env.close();
    }

    /** One incarnation of the unit agent's relation side. */
    record Agent(UnitHookRunner runner, HookExecutor executor, RelationLifecycles relations, Path stateDir)
            implements AutoCloseable {

        /** The persisted hook queue of a relation (empty before the first save). */
        QueueState queue(String relationId, ObjectMapper mapper) {
            return Workflows.fileQueueStore(stateDir.resolve("relations").resolve(relationId + ".queue.json"), mapper)
                    .load();
        }

        String knownFile() {
            return read(stateDir.resolve("relations").resolve("known.json"));
        }

        private static String read(Path file) {
            try {
                return Files.exists(file) ? Files.readString(file) : "";
            } catch (java.nio.file.NoSuchFileException e) {
                return ""; // replaced between the check and the read
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            relations.close();
            executor.close();
            runner.close();
        }
    }

    /** Scope handlers the test can swap: global sees all, container its own container, until replaced. */
    static final class TestScopes implements ScopeHandlers {
        private final Map<String, RelationScopeHandler> handlers = new ConcurrentHashMap<>(Map.of(
                "global", handler("global", (self, container, candidates) -> candidates.keySet()),
                "container", handler("container", (self, container, candidates) -> candidates.entrySet().stream()
                        .filter(e -> e.getValue().equals(container)).map(Map.Entry::getKey)
                        .collect(java.util.stream.Collectors.toSet()))));

        void swap(String scope, RelationScopeHandler handler) {
            handlers.put(scope, handler);
        }

        @Override
        public RelationScopeHandler forScope(String scope) {
            RelationScopeHandler handler = handlers.get(scope);
            if (handler == null) {
                throw new IllegalStateException("no handler for " + scope);
            }
            return handler;
        }

        interface Visible {
            java.util.Set<String> visible(String self, String container, Map<String, String> candidates);
        }

        static RelationScopeHandler handler(String scope, Visible visible) {
            return new RelationScopeHandler() {
                @Override
                public String scope() {
                    return scope;
                }

                @Override
                public java.util.Set<String> visible(String self, String container, Map<String, String> candidates) {
                    return visible.visible(self, container, candidates);
                }
            };
        }
    }
}
