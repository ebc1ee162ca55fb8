package jujube.state.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.state.EnvironmentSettings;
import jujube.model.MachineInfo;
import jujube.model.Placement;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ServiceInfo;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A populated version-2 environment (one {@code /topology} document: 120 units on machines, a subordinate
 * in a container, a peer, a global and a container relation, the unit numbers of a removed service) is
 * migrated to version 3 by two controllers racing, while a machine agent reads and watches its units; the
 * agent never sees an error or a wrong answer, everything the API answered before it answers after, and
 * unit numbers go on where they were.
 */
class V2TopologyMigrationTest {
    private static final String CHARM = "local:precise/app-1";
    private static final String SUBORDINATE = "local:precise/logger-1";
    private final Credential admin = Credential.generate(Credential.ADMIN);
    private TestingServer zk;
    private CuratorFramework raw;
    private ConnectionConfig config;
    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        zk = new TestingServer(true);
        raw = CuratorFrameworkFactory.builder().connectString(zk.getConnectString()).retryPolicy(new RetryOneTime(100))
                .authorization("digest", (admin.principal() + ":" + admin.secret()).getBytes(StandardCharsets.UTF_8))
                .namespace("env").build();
        raw.start();
        config = new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5), "env", List.of(admin));
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        raw.close();
        zk.close();
    }

    private StateConnection open(ConnectionConfig where) {
        StateConnection c = StateConnections.open(where);
        c.awaitConnected(Duration.ofSeconds(10));
        open.add(c);
        return c;
    }

    /** Everything the API tells about the environment's membership, placement and relations. */
    private static Map<String, Object> snapshot(StateConnection c) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("machines", c.machines().list().stream().map(MachineInfo::id).toList());
        s.put("services", c.services().list().stream().map(ServiceInfo::toString).toList());
        s.put("units", c.units().list().stream().map(u -> u.id() + " " + u.name() + " " + u.machineId() + " " + u.container())
                .toList());
        s.put("relations", c.relations().list().stream().map(RelationInfo::toString).toList());
        s.put("on machine 1", c.machines().assignedUnits(1));
        return s;
    }

    /** The version-2 document of what the API tells, with the unit numbers of names no service has any more. */
    private static String versionTwo(StateConnection c, Map<String, Integer> retired) {
        Map<String, String> serviceIds = new TreeMap<>();
        c.services().list().forEach(s -> serviceIds.put(s.name(), s.id()));
        Map<UnitName, String> unitIds = new TreeMap<>();
        List<UnitInfo> units = c.units().list();
        units.forEach(u -> unitIds.put(u.name(), u.id()));
        StringBuilder y = new StringBuilder("version: 2\nmachines:\n");
        c.machines().list().forEach(m -> y.append(String.format("  machine-%010d: {}%n", m.id())));
        y.append("services:\n");
        Map<String, Integer> sequences = new TreeMap<>(retired);
        c.services().list().forEach(s -> {
            y.append("  ").append(s.id()).append(":\n    name: ").append(s.name()).append("\n    units:\n");
            units.stream().filter(u -> u.name().service().equals(s.name())).forEach(u -> {
                y.append("      ").append(u.id()).append(": {sequence: ").append(u.name().number());
                u.machineId().ifPresent(m -> y.append(String.format(", machine: machine-%010d", m)));
                u.container().ifPresent(p -> y.append(", container: ").append(unitIds.get(p)));
                y.append("}\n");
                sequences.merge(s.name(), u.name().number() + 1, Math::max);
            });
            if (s.units().isEmpty()) {
                y.append("      {}\n");
            }
        });
        y.append("unit-sequence: ").append(sequences.toString().replace("=", ": ")).append("\nrelations:\n");
        c.relations().list().forEach(r -> {
            y.append("  ").append(r.id()).append(":\n    interface: ").append(r.interfaceName())
                    .append("\n    scope: ").append(r.scope().key()).append("\n    services:\n");
            r.endpoints().forEach(e -> y.append("      ").append(serviceIds.get(e.serviceName())).append(": {name: ")
                    .append(e.relationName()).append(", role: ").append(e.role().key()).append("}\n"));
        });
        return y.toString();
    }

    @Test
    void a_populated_v2_environment_is_migrated_by_racing_controllers_while_an_agent_reads() throws Exception {
        StateConnection setup = open(config);
        setup.initialize(new EnvironmentSettings("old", "local", "unassigned", "i-0"));
        setup.access().applyPolicy();
        setup.charms().publish(new CharmRecord(CHARM, "file:///charms/app", "sha", Map.of(), Map.of()));
        setup.charms().publish(new CharmRecord(SUBORDINATE, "file:///charms/logger", "sha",
                Map.of("subordinate", true), Map.of()));
        for (int m = 1; m <= 4; m++) {
            setup.machines().add();
        }
        setup.services().add("gone", CHARM);
        setup.units().add("gone", 3, Placement.machine(0));
        setup.services().remove("gone"); // its units' numbers, 0 to 2, are never given again
        setup.services().add("blog", CHARM);
        setup.services().add("mysql", CHARM);
        setup.services().add("logger", SUBORDINATE);
        for (int m = 1; m <= 4; m++) {
            setup.units().add("blog", 30, Placement.machine(m));
        }
        setup.units().add("mysql", 1, Placement.machine(0));
        setup.relations().add("mysql", RelationScope.GLOBAL, List.of(new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.SERVER)));
        setup.relations().add("ring", RelationScope.GLOBAL, List.of(new RelationEndpoint("blog", "ring", RelationRole.PEER)));
        setup.relations().add("juju-info", RelationScope.CONTAINER, List.of(
                new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logger", "info", RelationRole.CLIENT)));
        setup.units().addSubordinate("logger", UnitName.parse("blog/0"));

        Map<String, Object> before = snapshot(setup);
        String v2 = versionTwo(setup, Map.of("gone", 3));
        raw.delete().deletingChildrenIfNeeded().forPath("/topology");
        raw.create().forPath("/topology", v2.getBytes(StandardCharsets.UTF_8));

        // machine 1's agent, started on the version-2 topology, which it reads migrated in memory
        List<Credential> machine1 = StateConnections.redeem(config, setup.access().issueOneTimeCredential(1), Duration.ofSeconds(10));
        StateConnection agent = open(new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5),
                "env", machine1));
        Set<UnitName> onMachine1 = agent.machines().assignedUnits(1);
        assertEquals(before.get("on machine 1"), onMachine1);
        AtomicReference<Set<UnitName>> watched = new AtomicReference<>();
        Watch watch = agent.machines().watchAssignedUnits(1, change -> watched.set(change.current()));
        open.add(watch::close);
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> onMachine1.equals(watched.get()));
        List<String> agentSaw = new CopyOnWriteArrayList<>();
        AtomicInteger agentReads = new AtomicInteger();
        AtomicBoolean reading = new AtomicBoolean(true);
        Thread reader = new Thread(() -> {
            while (reading.get()) {
                try {
                    Set<UnitName> seen = agent.machines().assignedUnits(1);
                    UnitInfo blog0 = agent.units().get(UnitName.parse("blog/0"));
                    if (!seen.equals(onMachine1) || blog0.machineId().getAsInt() != 1) {
                        agentSaw.add("wrong answer: " + seen + " " + blog0);
                    }
                    agentReads.incrementAndGet();
                } catch (RuntimeException e) {
                    agentSaw.add(e.toString());
                }
            }
        });
        reader.start();
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> agentReads.get() > 5);

        // two controllers start at once; each migrates, one's is stored, the other finds it done or stops
        ExecutorService two = Executors.newFixedThreadPool(2);
        List<Future<Map<String, Object>>> seen = two.invokeAll(List.<Callable<Map<String, Object>>>of(
                () -> snapshot(open(config)), () -> snapshot(open(config))));
        two.shutdown();
        int readsDuring = agentReads.get();
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> agentReads.get() > readsDuring + 5);
        reading.set(false);
        reader.join();

        assertEquals(List.of(), agentSaw, "what the agent read while the topology was migrated");
        assertEquals(before, seen.get(0).get());
        assertEquals(before, seen.get(1).get());
        String stored = new String(raw.getData().forPath("/topology"), StandardCharsets.UTF_8);
        assertTrue(stored.contains("\"version\":3") || stored.contains("version: 3"), stored);
        assertEquals(122, raw.getChildren().forPath("/topology/units").size(), "120 units of blog, one of mysql, the logger");

        StateConnection after = open(config);
        assertEquals(before, snapshot(after));
        UnitInfo added = after.units().add("blog", 1, Placement.machine(1)).get(0);
        assertEquals(UnitName.parse("blog/120"), added.name());
        Set<UnitName> expected = new java.util.TreeSet<>(onMachine1);
        expected.add(added.name());
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> expected.equals(watched.get()));
        assertEquals(expected, agent.machines().assignedUnits(1), "the agent reads the stored version 3 now");
        after.services().add("gone", CHARM);
        assertEquals(UnitName.parse("gone/3"), after.units().add("gone").name());
        assertEquals(UnitName.parse("logger/0"), after.units().get(UnitName.parse("logger/0")).name());
        assertEquals(java.util.Optional.of(UnitName.parse("blog/0")), after.units().get(UnitName.parse("logger/0")).container());
    }
}
