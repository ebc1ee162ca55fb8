package jujube.state.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * A version-1 environment with several relations, opened through {@link StateConnections#open}, which
 * finds this bundle's step through META-INF/services; two clients migrate at once, then the API uses it.
 */
class V1TopologyFixtureTest {
    private static final jujube.access.Credential ADMIN = jujube.access.Credential.generate(jujube.access.Credential.ADMIN);
    private static final String V1 = """
            version: 1
            machines: {machine-0000000000: {}}
            services:
              service-0000000000: {name: blog, units: {unit-0000000000: {sequence: 0, machine: machine-0000000000}}}
              service-0000000001: {name: mysql, units: {unit-0000000001: {sequence: 0}}}
              service-0000000002: {name: cache, units: {}}
            unit-sequence: {blog: 1, mysql: 1}
            relations:
              relation-0000000000: [mysql, {service-0000000000: {name: db, role: client}, service-0000000001: {name: server, role: server}}]
              relation-0000000001: [memcache, {service-0000000000: {name: cache, role: client}, service-0000000002: {name: cache, role: server}}]
              relation-0000000002: [cluster, {service-0000000001: {name: cluster, role: peer}}]
            """;

    @Test
    void a_v1_topology_is_migrated_once_by_racing_clients_and_then_serves_the_api() throws Exception {
        try (TestingServer zk = new TestingServer(true);
                CuratorFramework raw = CuratorFrameworkFactory.builder().connectString(zk.getConnectString())
                        .retryPolicy(new RetryOneTime(100)).authorization("digest", (ADMIN.principal() + ":" + ADMIN.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8)).build()) {
            raw.start();
            ConnectionConfig config = new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5), "",
                    List.of(ADMIN));
            try (StateConnection setup = StateConnections.open(config)) {
                setup.awaitConnected(Duration.ofSeconds(10));
                setup.initialize(new EnvironmentSettings("old", "local", "local", "i-0"));
            }
            for (String path : List.of("/units/unit-0000000000", "/units/unit-0000000001")) {
                raw.create().forPath(path, "charm: local:precise/app-1\nprivate-address: 10.0.0.9\n".getBytes(StandardCharsets.UTF_8));
            }
            for (String id : List.of("0", "1", "2")) {
                raw.create().forPath("/services/service-000000000" + id, "charm: local:precise/app-1\n".getBytes(StandardCharsets.UTF_8));
            }
            raw.setData().forPath("/topology", V1.getBytes(StandardCharsets.UTF_8));

            ExecutorService two = Executors.newFixedThreadPool(2);
            List<Future<List<RelationInfo>>> reads = two.invokeAll(List.<Callable<List<RelationInfo>>>of(
                    () -> relationsSeenBy(config), () -> relationsSeenBy(config)));
            two.shutdown();
            assertEquals(reads.get(0).get(), reads.get(1).get());
            String stored = new String(raw.getData().forPath("/topology"), StandardCharsets.UTF_8);
            // stored as YAML that is also JSON: what a YAML parser reads from it is version 3, through version 2
            assertEquals(3, new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                    .readValue(stored, Map.class).get("version"), stored);

            try (StateConnection c = StateConnections.open(config)) {
                c.awaitConnected(Duration.ofSeconds(10));
                c.access().applyPolicy(); // as its controller does: the planted units and services get identities
                List<RelationInfo> relations = c.relations().list();
                assertEquals(3, relations.size());
                RelationInfo mysql = c.relations().get("relation-0000000000");
                assertEquals(new RelationInfo("relation-0000000000", "mysql", RelationScope.GLOBAL, List.of(
                        new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                        new RelationEndpoint("mysql", "server", RelationRole.SERVER))), mysql);
                assertEquals(RelationRole.PEER, c.relations().get("relation-0000000002").endpoints().get(0).role());
                assertEquals(Set.of(UnitName.parse("blog/0")), c.machines().assignedUnits(0));
                assertEquals(UnitName.parse("blog/1"), c.units().add("blog").name());
                c.relations().of(mysql.id(), UnitName.parse("blog/0")).enterScope();
                assertEquals("10.0.0.9", c.relations().of(mysql.id(), UnitName.parse("mysql/0"))
                        .settingsOf(UnitName.parse("blog/0")).values().get("private-address"));
                assertEquals(Set.of(UnitName.parse("blog/0")),
                        c.relations().of(mysql.id(), UnitName.parse("mysql/0")).relatedUnits());
                c.relations().remove("relation-0000000001");
                c.services().remove("cache");
                assertEquals(Map.of("blog", 2, "mysql", 1), Map.of("blog", c.services().get("blog").units().size(),
                        "mysql", c.services().get("mysql").units().size()));
            }
        }
    }

    private static List<RelationInfo> relationsSeenBy(ConnectionConfig config) {
        try (StateConnection c = StateConnections.open(config)) {
            c.awaitConnected(Duration.ofSeconds(10));
            return c.relations().list();
        }
    }
}
