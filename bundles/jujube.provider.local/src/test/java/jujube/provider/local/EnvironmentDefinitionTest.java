package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The rules of an environment's definition, each checked once, each refusal naming its key. */
class EnvironmentDefinitionTest {
    static final ContainerSettings CONTAINERS = new ContainerSettings(ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16"),
            new MachineIds(100_000, 100_000, 65_536), MachineLimits.DEFAULT, Path.of("/var/lib/jujube/machine-roots/r"));

    /** A valid definition with one setting changed. */
    record Change(String name, String zookeeper, int port, String address, boolean tls,
            Optional<ContainerSettings> containers, Duration delay) {
        static Change of() {
            return new Change("local", "", 2181, "", false, Optional.empty(), Duration.ofSeconds(30));
        }

        EnvironmentDefinition make() {
            return new EnvironmentDefinition(name, PlacementPolicy.LOCAL, port, zookeeper, "", address, tls, containers, delay);
        }
    }

    static Stream<Arguments> valid() {
        return Stream.<UnaryOperator<Change>>of(
                c -> c,
                c -> new Change(c.name(), "zk1:2181,10.0.0.1:2182", 0, "", false, c.containers(), c.delay()),
                c -> new Change(c.name(), "zk1:2181", 9999, "", false, c.containers(), c.delay()),
                c -> new Change(c.name(), "", 1, "", false, c.containers(), Duration.ofMillis(250)),
                c -> new Change(c.name(), "", 65535, "", false, c.containers(), c.delay()),
                c -> new Change(c.name(), "", 2181, "127.0.0.1", false, c.containers(), c.delay()),
                c -> new Change(c.name(), "", 2181, "", false, Optional.of(CONTAINERS), c.delay()),
                c -> new Change(c.name(), "", 2181, "10.77.0.1", false, Optional.of(CONTAINERS), c.delay()),
                c -> new Change(c.name(), "", 2181, thisHostsAddress(), true, c.containers(), c.delay()))
                .map(change -> Arguments.of(change.apply(Change.of())));
    }

    @ParameterizedTest
    @MethodSource
    void valid(Change change) {
        assertDoesNotThrow(change::make);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of(new Change("", "", 2181, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'name' must not be empty, got ''"),
                Arguments.of(new Change("local", "", 0, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper-port' is missing or not a port number, got '0'"),
                Arguments.of(new Change("local", "", 65536, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper-port' is missing or not a port number, got '65536'"),
                Arguments.of(new Change("local", "zk1:2181", -1, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper-port' is missing or not a port number, got '-1'"),
                Arguments.of(new Change("local", "zk1", 0, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper' must be host:port[,host:port...], got 'zk1'"),
                Arguments.of(new Change("local", "zk1:2181,", 0, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper' must be host:port[,host:port...], got 'zk1:2181,'"),
                Arguments.of(new Change("local", "zk1:70000", 0, "", false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper' must be host:port[,host:port...], got 'zk1:70000'"),
                Arguments.of(new Change("local", "", 2181, "", false, Optional.empty(), Duration.ofMillis(249)),
                        "'max-restart-delay' must be a number of ms, at least 250, got '249'"),
                Arguments.of(new Change("local", "", 2181, "", false, Optional.empty(), Duration.ofMillis(-1)),
                        "'max-restart-delay' must be a number of ms, at least 250, got '-1'"),
                Arguments.of(new Change("local", "", 2181, "no such host.invalid", false, Optional.empty(),
                        Duration.ofSeconds(30)), "'zookeeper-address': 'no such host.invalid' is not an address this host can resolve"),
                Arguments.of(new Change("local", "", 2181, thisHostsAddress(), false, Optional.empty(), Duration.ofSeconds(30)),
                        "'zookeeper-address' " + thisHostsAddress() + " is reachable from other hosts: ZooKeeper must then"
                                + " serve TLS ('zookeeper-tls: true', with certificates that bootstrap --tls makes)"));
    }

    @ParameterizedTest
    @MethodSource
    void invalid(Change change, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, change::make);
        assertEquals(message, e.getMessage());
    }

    @Test
    void what_follows_from_the_settings() {
        EnvironmentDefinition processes = EnvironmentDefinition.embedded("local", PlacementPolicy.LOCAL, 2181, Optional.empty());
        assertEquals(MachineKind.PROCESS, processes.machineKind());
        assertEquals("127.0.0.1:2181", processes.connectString());
        assertEquals("127.0.0.1", processes.processAddress());
        assertFalse(processes.servesOtherHosts());

        EnvironmentDefinition containers = EnvironmentDefinition.embedded("local", PlacementPolicy.LOCAL, 2181, Optional.of(CONTAINERS));
        assertEquals(MachineKind.CONTAINER, containers.machineKind());
        assertEquals("10.77.0.1:2181", containers.connectString(), "the bridge's address");
        assertFalse(containers.servesOtherHosts());

        EnvironmentDefinition beyond = processes.withZookeeperAddress(thisHostsAddress(), true);
        assertTrue(beyond.servesOtherHosts());
        assertEquals(thisHostsAddress(), beyond.processAddress(), "units reached where other hosts reach this one");

        EnvironmentDefinition ensemble = new EnvironmentDefinition("ens", PlacementPolicy.UNASSIGNED, 0, "zk1:2181", "/env",
                "", false, Optional.empty(), EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY);
        assertFalse(ensemble.embedded());
        assertEquals("zk1:2181", ensemble.connectString());
    }

    @Test
    void the_enumerations_name_a_bad_value() {
        assertEquals(MachineKind.CONTAINER, MachineKind.of("container"));
        assertEquals(PlacementPolicy.UNASSIGNED, PlacementPolicy.of("unassigned"));
        assertEquals("must be process or container, got 'vm'",
                assertThrows(IllegalArgumentException.class, () -> MachineKind.of("vm")).getMessage());
        assertEquals("must be local or unassigned, got 'null'",
                assertThrows(IllegalArgumentException.class, () -> PlacementPolicy.of(null)).getMessage());
    }

    /** An address of this host other than loopback, which other hosts may reach. */
    static String thisHostsAddress() {
        try {
            return NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                    .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress()).map(InetAddress::getHostAddress)
                    .findFirst().orElseThrow(() -> new AssertionError("this host has no address but loopback"));
        } catch (SocketException e) {
            throw new AssertionError(e);
        }
    }
}
