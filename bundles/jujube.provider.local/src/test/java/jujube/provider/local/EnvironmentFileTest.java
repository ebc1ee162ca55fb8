package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JacksonException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import jujube.files.CorruptFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code environment.yaml}: read into a definition, written from one, each bad setting named with its file. */
class EnvironmentFileTest {
    private static final String CONTAINERS = "name: local\nzookeeper-port: 2181\nmachines: container\n"
            + "container-bridge: jujube-0a1b2c\ncontainer-network: 10.77.0.0/16\nmachine-ids: 100000:100000:65536\n"
            + "machine-root: /var/lib/jujube/machine-roots/debian-bookworm-0123\n";

    @TempDir
    Path dir;

    private EnvironmentFile file() {
        return new EnvironmentFile(dir);
    }

    private void write(String yaml) throws IOException {
        Files.writeString(dir.resolve(EnvironmentFile.NAME), yaml);
    }

    private String refusal(String yaml) throws IOException {
        write(yaml);
        return assertThrows(InvalidEnvironmentException.class, () -> file().read(), yaml).getMessage();
    }

    @Test
    void every_setting_survives_a_write_and_a_read() throws IOException {
        for (EnvironmentDefinition definition : new EnvironmentDefinition[] {
                EnvironmentDefinition.embedded("local", PlacementPolicy.LOCAL, 2181, Optional.empty()),
                EnvironmentDefinition.embedded("boxes", PlacementPolicy.UNASSIGNED, 40123,
                        Optional.of(EnvironmentDefinitionTest.CONTAINERS)).withMaxRestartDelay(Duration.ofMillis(1000)),
                EnvironmentDefinition.embedded("wide", PlacementPolicy.LOCAL, 2181, Optional.empty())
                        .withZookeeperAddress(EnvironmentDefinitionTest.thisHostsAddress(), true),
                EnvironmentDefinition.embedded("seen", PlacementPolicy.LOCAL, 2181, Optional.empty()).withDashboardPort(40443),
                new EnvironmentDefinition("ens", PlacementPolicy.UNASSIGNED, 0, "zk1:2181,zk2:2182", "/envs/ens", "", false,
                        Optional.empty(), EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY)}) {
            file().write(definition);
            assertEquals(definition, file().read());
        }
    }

    @Test
    void the_format_is_the_one_existing_environments_have() throws IOException {
        file().write(EnvironmentDefinition.embedded("local", PlacementPolicy.LOCAL, 2181, Optional.of(EnvironmentDefinitionTest.CONTAINERS))
                .withMaxRestartDelay(Duration.ofMillis(1000)));
        assertEquals("name: local\nprovider: local\nzookeeper-port: 2181\nplacement: local\nmachines: container\n"
                + "container-bridge: jujube-0a1b2c\ncontainer-network: 10.77.0.0/16\nmachine-ids: 100000:100000:65536\n"
                + "machine-root: /var/lib/jujube/machine-roots/r\nmachine-processes: 1000\nmachine-memory: 2G\n"
                + "machine-disk: 8G\nmax-restart-delay: 1000\n", Files.readString(dir.resolve(EnvironmentFile.NAME)));
    }

    @Test
    void settings_left_out_take_their_defaults() throws IOException {
        write("zookeeper-port: 2181\nplacement:\nzookeeper-chroot:\n");
        EnvironmentDefinition definition = file().read();
        assertEquals(dir.getFileName().toString(), definition.name(), "the directory's name");
        assertEquals(PlacementPolicy.LOCAL, definition.placement());
        assertEquals("", definition.chroot());
        assertEquals(MachineKind.PROCESS, definition.machineKind());
        assertEquals(EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY, definition.maxRestartDelay());
        assertFalse(definition.tls());
    }

    @Test
    void an_ensemble_takes_precedence_over_the_port_and_needs_none() throws IOException {
        write("zookeeper: 127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183\nzookeeper-port: 9999\n");
        assertEquals("127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183", file().read().connectString());
        write("zookeeper: 127.0.0.1:2181\nplacement: unassigned\n");
        file().write(file().read());
        assertFalse(Files.readString(dir.resolve(EnvironmentFile.NAME)).contains("zookeeper-port"));
    }

    @Test
    void container_machines_keep_their_ids_root_and_limits_with_defaults_for_limits_not_given() throws IOException {
        write(CONTAINERS + "machine-memory: 512M\n");
        ContainerSettings c = file().read().containers().orElseThrow();
        assertEquals(new MachineIds(100_000, 100_000, 65_536), c.ids());
        assertEquals(MachineLimits.DEFAULT.withMemory(512L << 20), c.limits());
        assertEquals(Path.of("/var/lib/jujube/machine-roots/debian-bookworm-0123"), c.baseRoot());
    }

    @Test
    void a_bad_setting_is_refused_in_one_line_naming_the_file_and_key() throws IOException {
        String file = dir.resolve(EnvironmentFile.NAME).toString();
        String[][] cases = {
                {"zookeeper: 127.0.0.1\nzookeeper-port: 2181\n", "'zookeeper' must be host:port[,host:port...], got '127.0.0.1'"},
                {"zookeeper: [127.0.0.1:2181]\n", "'zookeeper' must be host:port[,host:port...], got '[...]'"},
                {"zookeeper:\nzookeeper-port: 2181\n", "'zookeeper' must be host:port[,host:port...], got 'null'"},
                {"name: local\nplacement: local\n", "'zookeeper-port' is missing or not a port number, got '0'"},
                {"zookeeper-port: {port: 2181}\n", "'zookeeper-port' is missing or not a port number, got '{...}'"},
                {"zookeeper-port: '2181'\n", "'zookeeper-port' is missing or not a port number, got '2181'"},
                {"zookeeper-port: 2181\nplacement: everywhere\n", "'placement' must be local or unassigned, got 'everywhere'"},
                {"zookeeper-port: 2181\nplacment: unassigned\n", "'placment' is not a setting (known: name, provider,"
                        + " zookeeper-port, zookeeper, zookeeper-chroot, zookeeper-address, zookeeper-tls, placement, machines,"
                        + " container-bridge, container-network, machine-ids, machine-root, machine-processes, machine-memory,"
                        + " machine-disk, max-restart-delay, dashboard-port)"},
                {"zookeeper-port: 2181\nplacement: [local]\n", "'placement' must be a single value, got [...]"},
                {"zookeeper-port: 2181\nmachines: vm\n", "'machines' must be process or container, got 'vm'"},
                {"zookeeper-port: 2181\nzookeeper-tls: yes please\n", "'zookeeper-tls' must be true or false, got 'yes please'"},
                {"zookeeper-port: 2181\nmax-restart-delay: 100\n", "'max-restart-delay' must be a number of ms, at least 250, got '100'"},
                {"zookeeper-port: 2181\nmax-restart-delay: soon\n", "'max-restart-delay' must be a number of ms, at least 250, got 'soon'"},
                {"zookeeper-port: 2181\ndashboard-port: web\n", "'dashboard-port' must be a port number, got 'web'"},
                {"zookeeper-port: 2181\ndashboard-port: 70000\n", "'dashboard-port' must be a port number, got '70000'"},
                {"zookeeper-port: 2181\nmax-restart-delay: 1.5\n", "'max-restart-delay' must be a number of ms, at least 250, got '1.5'"},
                {CONTAINERS + "machine-memory: lots\n", "'machine-memory': 'lots' is not a size (a number, then K, M, G or T)"},
                {CONTAINERS + "machine-disk: 1M\n", "'machine-disk': a machine needs at least 256M of disk, got 1M"},
                {CONTAINERS + "machine-processes: many\n", "'machine-processes': must be a number, got 'many'"},
                {CONTAINERS + "machine-processes: 10\n", "'machine-processes': a machine needs at least 200 processes, got 10"},
                {CONTAINERS.replace("machine-ids: 100000:100000:65536\n", "machine-ids: 0:0:65536\n"),
                        "'machine-ids': a machine's ids cannot start at the host's root, got 0:0"},
                {CONTAINERS.replace("machine-root: /var", "machine-root: var"),
                        "'machine-root': must be an absolute path, got 'var/lib/jujube/machine-roots/debian-bookworm-0123'"},
                {CONTAINERS.replace("container-network: 10.77.0.0/16", "container-network: ten"),
                        "'container-network': a container network is written a.b.c.d/prefix, got 'ten'"}};
        for (String[] bad : cases) {
            assertEquals(file + ": " + bad[1], refusal(bad[0]));
        }
        assertEquals(file + " must be a map of settings (name, zookeeper-port, placement, ...)",
                refusal("- zookeeper-port: 2181\n"));
    }

    @Test
    void a_file_that_is_not_yaml_or_too_large_is_refused_before_its_settings_are_read() throws IOException {
        write("name: local\nzookeeper-port: [2181\n");
        assertThrows(JacksonException.class, () -> file().read());
        write("name: local\nzookeeper-port: 2181\n# " + "x".repeat(EnvironmentFile.MAX_BYTES) + "\n");
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> file().read());
        assertTrue(e.getMessage().contains(EnvironmentFile.NAME), e.getMessage());
    }
}
