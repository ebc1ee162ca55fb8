package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Map;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.MachineKind;
import org.junit.jupiter.api.Test;

/**
 * The provider makes the environment's definition from its configuration: what follows from it (where
 * machines reach ZooKeeper, where process machines' units are reached) is the definition's, and a field
 * that breaks one of its rules is refused in its words.
 */
class LocalProviderConfigTest {
    /** A configuration with {@code set}'s values and every other attribute's default. */
    private static LocalProviderConfig config(Map<String, Object> set) {
        return (LocalProviderConfig) Proxy.newProxyInstance(LocalProviderConfig.class.getClassLoader(),
                new Class<?>[] {LocalProviderConfig.class}, (proxy, method, args) -> set.containsKey(method.getName())
                        ? set.get(method.getName()) : method.getDefaultValue());
    }

    @Test
    void machines_reach_the_embedded_zookeeper_where_it_listens() {
        EnvironmentDefinition definition = LocalMachineProvider.definition(config(Map.of("envDir", "/envs/here",
                "distDir", "/dist", "zookeeperPort", 2181, "zookeeperAddress", "127.0.0.1", "maxRestartDelayMs", 1000)));

        assertEquals("here", definition.name());
        assertEquals("127.0.0.1:2181", definition.connectString());
        assertEquals("127.0.0.1", definition.processAddress());
        assertEquals(MachineKind.PROCESS, definition.machineKind());
        assertEquals(Duration.ofSeconds(1), definition.maxRestartDelay());
    }

    @Test
    void process_machines_units_are_reached_where_other_hosts_reach_this_one() {
        EnvironmentDefinition definition = LocalMachineProvider.definition(config(Map.of("envDir", "/envs/here",
                "distDir", "/dist", "zookeeperPort", 2181, "zookeeperAddress", "203.0.113.77",
                "zookeeperCa", "/envs/here/tls/ca.pem")));

        assertTrue(definition.tls());
        assertEquals("203.0.113.77", definition.processAddress());
    }

    @Test
    void an_external_ensemble_is_what_machines_connect_to() {
        EnvironmentDefinition definition = LocalMachineProvider.definition(config(Map.of("envDir", "/envs/here",
                "distDir", "/dist", "ensemble", "zk1:2181,zk2:2181", "zookeeperAddress", "")));

        assertEquals("zk1:2181,zk2:2181", definition.connectString());
        assertEquals("127.0.0.1", definition.processAddress());
    }

    @Test
    void container_machines_get_their_settings_and_the_bridge_address() {
        EnvironmentDefinition definition = LocalMachineProvider.definition(config(Map.of("envDir", "/envs/here",
                "distDir", "/dist", "zookeeperPort", 2181, "machines", "container", "containerBridge", "jujube-0a1b2c",
                "containerNetwork", "10.77.0.0/16", "machineIds", "100000:100000:65536",
                "machineLimits", "processes=500", "machineRoot", "/var/lib/jujube/machine-roots/r")));

        assertEquals("10.77.0.1:2181", definition.connectString());
        assertEquals(500, definition.containers().orElseThrow().limits().processes());
    }

    @Test
    void a_field_that_breaks_a_rule_is_refused_in_the_definitions_words() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> LocalMachineProvider.definition(
                config(Map.of("envDir", "/envs/here", "distDir", "/dist", "zookeeperPort", 2181, "maxRestartDelayMs", 100))));

        assertEquals("'max-restart-delay' must be a number of ms, at least 250, got '100'", refused.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LocalMachineProvider.definition(
                config(Map.of("envDir", "/envs/here", "distDir", "/dist", "zookeeperPort", 2181, "machines", "vm"))))
                .getMessage().startsWith("'machines' "));
    }
}
