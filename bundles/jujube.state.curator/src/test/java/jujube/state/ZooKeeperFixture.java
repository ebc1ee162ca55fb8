package jujube.state;

import jujube.state.curator.StateConnections;

import jujube.access.Credential;

import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * One in-process ZooKeeper per test class; each test gets its own environment under a fresh chroot,
 * so tests stay independent without paying for a server start each.
 */
public abstract class ZooKeeperFixture {
    /** Waits for what watches and sessions do in Curator's threads: every 10 ms for up to 20 s. */
    protected static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    protected static final EnvironmentSettings LOCAL = new EnvironmentSettings("test", "local", "local", "local-0");
    private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();
    protected static TestingServer zk;
    private final List<AutoCloseable> open = new ArrayList<>();
    protected String chroot;
    protected StateConnection state;
    /** The environment's administrator, as the command line authenticates. */
    protected Credential admin;

    @BeforeAll
    static void startServer() throws Exception {
        zk = new TestingServer(true);
    }

    @AfterAll
    static void stopServer() throws Exception {
        zk.close();
    }

    @BeforeEach
    void newEnvironment() {
        chroot = "env" + ENVIRONMENTS.incrementAndGet();
        admin = Credential.generate(Credential.ADMIN);
        state = connect(List.of());
        state.initialize(LOCAL);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** Another administrator's client of the same environment, as another process would be. */
    protected StateConnection connect(List<TopologyMigration> migrations) {
        return connect(migrations, List.of(admin));
    }

    /** Another client of the same environment authenticating with {@code credentials}. */
    protected StateConnection connect(List<TopologyMigration> migrations, List<Credential> credentials) {
        StateConnection c = StateConnections.open(new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10),
                Duration.ofSeconds(5), chroot, credentials), migrations);
        c.awaitConnected(Duration.ofSeconds(10));
        open.add(c);
        return c;
    }

    /** A raw client below the environment's chroot, to plant node content as a bug or an old version would. */
    protected CuratorFramework raw() {
        CuratorFramework c = CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                .authorization("digest", (admin.principal() + ":" + admin.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .retryPolicy(new RetryOneTime(100)).namespace(chroot).build();
        c.start();
        open.add(c);
        return c;
    }

    /** A session holding {@code credentials} as an agent authenticates: by digest, and in the groups listing it. */
    protected CuratorFramework as(List<Credential> credentials) {
        List<org.apache.curator.framework.AuthInfo> auth = new ArrayList<>();
        for (Credential c : credentials) {
            for (String scheme : List.of("digest", "jujube")) {
                auth.add(new org.apache.curator.framework.AuthInfo(scheme,
                        (c.principal() + ":" + c.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            }
        }
        CuratorFramework c = CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                .retryPolicy(new RetryOneTime(100)).namespace(chroot).authorization(auth).build();
        c.start();
        return c;
    }

    /** All a machine agent holds: the credential its one-time credential gives, and those of {@code units}. */
    protected List<Credential> agentCredentials(int machine, UnitName... units) throws Exception {
        List<Credential> held = new ArrayList<>(StateConnections.redeem(new ConnectionConfig(zk.getConnectString(),
                Duration.ofSeconds(10), Duration.ofSeconds(5), chroot), state.access().issueOneTimeCredential(machine),
                Duration.ofSeconds(10)));
        try (CuratorFramework raw = as(held)) {
            for (UnitName unit : units) {
                held.addAll(unitCredentials(raw, state.units().get(unit).id()));
            }
        }
        return held;
    }

    /** The credentials in a unit's credentials node, read by {@code raw}. */
    protected static List<Credential> unitCredentials(CuratorFramework raw, String unitId) throws Exception {
        byte[] yaml = raw.getData().forPath("/auth/credentials/" + unitId);
        List<Credential> found = new ArrayList<>();
        for (Object entry : (List<?>) new jujube.lib.codec.PlainMapCodec()
                .readMap(yaml, jujube.lib.codec.PlainMapCodec.Form.YAML).get("credentials")) {
            java.util.Map<?, ?> m = (java.util.Map<?, ?>) entry;
            found.add(new Credential((String) m.get("principal"), (String) m.get("secret")));
        }
        return found;
    }

    /**
     * The services mysql and blog (running wordpress), related globally over interface {@code mysql}: blog's
     * {@code db} the client, mysql's {@code server} the server. No unit yet.
     */
    protected RelationInfo blogAndMysql() {
        charm("mysql");
        charm("wordpress");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("blog", "local:precise/wordpress-1");
        return state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.SERVER)));
    }

    /** Service {@code service} running revision 1 of charm {@code charm}, in a global peer relation over {@code relationName}. */
    protected RelationInfo peers(String charm, String service, String interfaceName, String relationName) {
        charm(charm);
        state.services().add(service, "local:precise/" + charm + "-1");
        return state.relations().add(interfaceName, RelationScope.GLOBAL,
                List.of(new RelationEndpoint(service, relationName, RelationRole.PEER)));
    }

    protected CharmRecord charm(String name) {
        return charm(name, 1);
    }

    protected CharmRecord charm(String name, int revision) {
        return state.charms().publish(new CharmRecord("local:precise/" + name + "-" + revision,
                "file:///charms/" + name, "sha-" + name + "-" + revision, java.util.Map.of("name", name),
                java.util.Map.of()));
    }
}
