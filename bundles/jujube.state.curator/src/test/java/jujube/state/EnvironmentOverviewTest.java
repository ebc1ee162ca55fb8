package jujube.state;

import jujube.model.MachineInfo;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ServiceInfo;
import jujube.model.UnitName;
import jujube.model.UnitStatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The overview status reads in one go: the same as each part of the state answers, read part by part. */
class EnvironmentOverviewTest extends ZooKeeperFixture {
    private static final String MYSQL = "local:precise/mysql-1";
    private static final String WORDPRESS = "local:precise/wordpress-1";

    @Test
    void the_overview_says_what_each_part_of_the_state_says() throws Exception {
        charm("mysql");
        charm("wordpress");
        charm("unused");
        state.services().add("mysql", MYSQL);
        state.services().add("blog", WORDPRESS);
        state.services().add("blog2", WORDPRESS);
        int provisioned = state.machines().add().id();
        state.machines().setInstanceId(provisioned, "local-7");
        int pending = state.machines().add().id();
        UnitName db = state.units().add("mysql").name();
        UnitName web = state.units().add("blog").name();
        state.units().assign(db, provisioned);
        state.units().openPort(web, new Port(80, "tcp"));
        state.units().setWorkflowState(db, "started");
        state.units().setRelationWorkflowState(db, "relation-0000000001", "error");
        state.services().setExposed("blog", true);
        RelationInfo relation = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT), new RelationEndpoint("mysql", "db", RelationRole.SERVER)));

        try (Presence agent = state.machines().connectAgent(provisioned)) {
            EnvironmentOverview overview = state.overview();

            // what it holds, named outright
            assertEquals(List.of(new MachineInfo(0, "local-0", false), new MachineInfo(provisioned, "local-7", true),
                    new MachineInfo(pending, "", false)), overview.machines());
            assertEquals(List.of("blog", "blog2", "mysql"), overview.services().stream().map(ServiceInfo::name).toList());
            assertEquals(Set.of("blog"), overview.exposedServices());
            assertEquals(List.of(relation), overview.relations());
            assertEquals(List.of(web, db), overview.units().stream().map(u -> u.info().name()).toList());
            UnitStatus dbStatus = overview.units().get(1);
            assertEquals("started", dbStatus.info().workflowState());
            assertEquals(provisioned, dbStatus.info().machineId().getAsInt());
            assertEquals(Map.of("relation-0000000001", "error"), dbStatus.relationWorkflowStates());
            assertEquals(Set.of(new Port(80, "tcp")), overview.units().get(0).ports());
            assertEquals(Set.of(MYSQL, WORDPRESS), overview.charms().keySet(), "the charms the services run, and only those");
            assertEquals(state.charms().get(MYSQL), overview.charms().get(MYSQL));

            // and the same as the parts say, asked one by one (the interface's own way of composing them)
            assertEquals(overview, partByPart(state).overview());
        }
    }

    @Test
    void a_charm_that_is_not_published_is_absent() throws Exception {
        charm("mysql");
        state.services().add("mysql", MYSQL);
        raw().delete().forPath("/charms/" + java.net.URLEncoder.encode(MYSQL, java.nio.charset.StandardCharsets.UTF_8));

        EnvironmentOverview overview = state.overview();

        assertEquals(List.of("mysql"), overview.services().stream().map(ServiceInfo::name).toList());
        assertFalse(overview.charms().containsKey(MYSQL));
        assertEquals(overview, partByPart(state).overview());
    }

    /** The connection with every method but the interface's default ones delegated. */
    private static StateConnection partByPart(StateConnection state) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            try {
                return method.invoke(state, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (StateConnection) Proxy.newProxyInstance(StateConnection.class.getClassLoader(),
                new Class<?>[] {StateConnection.class}, handler);
    }
}
