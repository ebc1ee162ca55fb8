package jujube.cli.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jujube.charm.Charm;
import jujube.charm.CharmReader;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.Port;
import jujube.state.Presence;
import jujube.model.RelationEndpoint;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import org.apache.curator.test.TestingServer;

/**
 * The status benchmark's environment (bench/cli/run.sh): a ZooKeeper server and a local environment
 * {@code bench} under {@code args[0]} (a JUJUBE_HOME) holding 100 wordpress and 100 mysql services of one
 * unit each, every pair related: 200 units, 100 relations ({@code args[2]} pairs). With {@code args[3]}
 * {@code one-service}, instead one wordpress service of {@code 2 * pairs - 1} units related to a one-unit
 * mysql: the shape of an environment grown by {@code add-unit}. Prints {@code READY} and serves until its
 * standard input closes. Also started in-process by {@link ClassListRecorder}, at build time.
 */
public final class StatusBenchEnvironment implements AutoCloseable {
    private final TestingServer zk;
    private final StateConnection state;
    private final List<Presence> agents = new ArrayList<>();

    private StatusBenchEnvironment(TestingServer zk, StateConnection state) {
        this.zk = zk;
        this.state = state;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        Path charms = Path.of(args[1]);
        int pairs = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        boolean oneService = args.length > 3 && args[3].equals("one-service");
        try (StatusBenchEnvironment environment = start(home, charms, pairs, oneService)) {
            System.out.println("READY " + environment.zk.getPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the benchmark script closes our input
            }
        }
    }

    /**
     * Starts the server and fills environment {@code bench} under {@code home} with {@code pairs} wordpress
     * and mysql services, related in pairs, their units started; it lives until closed.
     */
    public static StatusBenchEnvironment start(Path home, Path charms, int pairs) throws Exception {
        return start(home, charms, pairs, false);
    }

    /** As {@link #start(Path, Path, int)}; with {@code oneService}, the units are those of one service. */
    public static StatusBenchEnvironment start(Path home, Path charms, int pairs, boolean oneService) throws Exception {
        // the group rights of every environment's ACLs (jujube.zookeeper.auth, on this class path), which this
        // process's server must grant: it may run outside the tests' JVMs, which are told so (the parent pom)
        System.setProperty("zookeeper.authProvider.jujube", "jujube.zookeeper.auth.GroupAuthenticationProvider");
        TestingServer zk = new TestingServer(true);
        Path dir = home.resolve("environments/bench");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("environment.yaml"),
                "name: bench\nprovider: local\nzookeeper-port: " + zk.getPort() + "\nplacement: local\n");
        // the units' agents are "connected" for as long as this connection lives, so status shows them started
        jujube.access.Credential admin = jujube.access.Credential.generate(jujube.access.Credential.ADMIN);
        jujube.access.CredentialFiles.write(dir.resolve("secrets/admin.yaml"), java.util.List.of(admin));
        StateConnection state = StateConnections.open(ConnectionConfig.of("127.0.0.1:" + zk.getPort())
                .withCredentials(java.util.List.of(admin)));
        StatusBenchEnvironment environment = new StatusBenchEnvironment(zk, state);
        try {
            state.awaitConnected(Duration.ofSeconds(10));
            state.initialize(new EnvironmentSettings("bench", "local", "local", "local-0"));
            String wordpress = publish(state, charms.resolve("precise/wordpress"));
            String mysql = publish(state, charms.resolve("precise/mysql"));
            if (oneService) {
                UnitName db = service(state, "db", mysql, environment.agents);
                UnitName blog = service(state, "blog", wordpress, environment.agents);
                state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                        new RelationEndpoint(blog.service(), "db", RelationRole.CLIENT),
                        new RelationEndpoint(db.service(), "db", RelationRole.SERVER)));
                for (int i = 1; i < 2 * pairs - 1; i++) {
                    started(state, state.units().add("blog").name(), environment.agents);
                }
                return environment;
            }
            for (int i = 0; i < pairs; i++) {
                UnitName blog = service(state, "blog" + suffix(i), wordpress, environment.agents);
                UnitName db = service(state, "db" + suffix(i), mysql, environment.agents);
                state.units().openPort(blog, new Port(80, "tcp"));
                state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                        new RelationEndpoint(blog.service(), "db", RelationRole.CLIENT),
                        new RelationEndpoint(db.service(), "db", RelationRole.SERVER)));
            }
            return environment;
        } catch (Exception | Error e) {
            environment.close();
            throw e;
        }
    }

    @Override
    public void close() throws java.io.IOException {
        // the units' agent presences, closed before the connection (Curator would otherwise recreate them)
        try (zk; state) {
            for (Presence agent : agents) {
                agent.close();
            }
        }
    }

    /** Service names may not end in a digit: blog-a, blog-b, ... */
    private static String suffix(int i) {
        StringBuilder s = new StringBuilder();
        for (int n = i; ; n = n / 26 - 1) {
            s.insert(0, (char) ('a' + n % 26));
            if (n < 26) {
                break;
            }
        }
        return "-" + s;
    }

    private static String publish(StateConnection state, Path dir) {
        Charm charm = new CharmReader().read(dir);
        String id = charm.localUrl("precise").toString();
        state.charms().publish(new CharmRecord(id, "file:///dev/null", "0".repeat(64), charm.metadata().toMap(),
                charm.config().toMap()));
        return id;
    }

    private static UnitName service(StateConnection state, String name, String charm, List<Presence> agents) {
        state.services().add(name, charm);
        return started(state, state.units().add(name).name(), agents);
    }

    /** A unit placed on machine 0, started, with addresses and a connected agent. */
    private static UnitName started(StateConnection state, UnitName unit, List<Presence> agents) {
        String name = unit.service();
        state.units().assign(unit, 0);
        state.units().setWorkflowState(unit, "started");
        state.units().setAddresses(unit, name + ".example", "10.0.0.1");
        agents.add(state.units().connectAgent(unit));
        return unit;
    }
}
