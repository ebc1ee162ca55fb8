package jujube.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import jujube.cli.CliException;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.MachineIds;
import jujube.provider.local.MachineLimits;
import jujube.access.Credential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code environment.yaml}: the embedded server's port, or an external ensemble named by {@code zookeeper}. */
class LocalEnvironmentTest {
    @TempDir
    Path dir;

    @Test
    void the_port_names_the_embedded_server_on_loopback() throws IOException {
        write("name: local\nzookeeper-port: 2181\nplacement: local\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        assertTrue(env.secure(), "the administrator's credentials made");
        assertEquals("127.0.0.1:2181", env.connectString());
        assertEquals("127.0.0.1:2181", env.connection().connectString());
        assertEquals(List.of("admin"), env.connection().credentials().stream().map(Credential::principal).toList());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(env.adminCredentials())));
        assertFalse(env.secure(), "made once");
    }

    @Test
    void an_ensemble_takes_precedence_over_the_port() throws IOException {
        write("zookeeper: 127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183\nzookeeper-port: 9999\n");
        LocalEnvironment env = LocalEnvironment.load("ens", dir);
        env.secure();
        assertEquals("127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183", env.connectString());
        assertEquals(env.connectString(), env.connection().connectString());
    }

    @Test
    void an_ensemble_needs_no_port_and_survives_a_save() throws IOException {
        write("zookeeper: 127.0.0.1:2181,127.0.0.1:2182\nplacement: unassigned\n");
        LocalEnvironment env = LocalEnvironment.load("ens", dir);
        env.save();
        LocalEnvironment again = LocalEnvironment.load("ens", dir);
        assertEquals("127.0.0.1:2181,127.0.0.1:2182", again.connectString());
        assertEquals("unassigned", again.placement());
        assertFalse(Files.readString(dir.resolve(LocalEnvironment.FILE)).contains("zookeeper-port"));
    }

    @Test
    void a_malformed_ensemble_is_refused_naming_the_key() throws IOException {
        for (String bad : new String[] {"''", "127.0.0.1", "127.0.0.1:2181,", "127.0.0.1:0", "127.0.0.1:70000",
                "'a b:2181'", "127.0.0.1:2181/chroot", "[127.0.0.1:2181]", "2181"}) {
            write("zookeeper: " + bad + "\nzookeeper-port: 2181\n");
            CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("ens", dir), bad);
            assertTrue(e.getMessage().contains("'zookeeper'"), e.getMessage());
        }
    }

    @Test
    void the_longest_restart_delay_defaults_to_the_controllers_and_survives_a_save() throws IOException {
        write("name: local\nzookeeper-port: 2181\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        assertEquals(30_000, env.maxRestartDelayMs());
        env.withMaxRestartDelay(1000).save();
        assertTrue(Files.readString(dir.resolve(LocalEnvironment.FILE)).contains("max-restart-delay: 1000"));
        assertEquals(1000, LocalEnvironment.load("local", dir).maxRestartDelayMs());
        for (String bad : new String[] {"100", "-1", "soon", "1.5"}) {
            write("name: local\nzookeeper-port: 2181\nmax-restart-delay: " + bad + "\n");
            CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir), bad);
            assertEquals(dir.resolve(LocalEnvironment.FILE) + ": 'max-restart-delay' must be a number of ms, at least 250,"
                    + " got '" + bad + "'", e.getMessage());
        }
    }

    private static final String CONTAINERS = "name: local\nzookeeper-port: 2181\nmachines: container\n"
            + "container-bridge: jujube-0a1b2c\ncontainer-network: 10.77.0.0/16\nmachine-ids: 100000:100000:65536\n"
            + "machine-root: /var/lib/jujube/machine-roots/debian-bookworm-0123\n";

    @Test
    void container_machines_keep_their_ids_root_and_limits_with_defaults_for_limits_not_given() throws IOException {
        write(CONTAINERS + "machine-memory: 512M\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        ContainerSettings c = env.containers().orElseThrow();
        assertEquals(new MachineIds(100_000, 100_000, 65_536), c.ids());
        assertEquals(MachineLimits.DEFAULT.withMemory(512L << 20), c.limits());
        assertEquals(Path.of("/var/lib/jujube/machine-roots/debian-bookworm-0123"), c.baseRoot());
        assertEquals(LocalLayout.runtimeDir(dir).resolve("machine-2/home"), env.machineDir(2),
                "a container machine's directory is on its disk, outside the environment's");
        env.save();
        assertEquals(c, LocalEnvironment.load("local", dir).containers().orElseThrow());
        assertTrue(Files.readString(dir.resolve(LocalEnvironment.FILE)).contains("machine-disk: 8G"));
    }

    @Test
    void a_bad_container_machine_setting_is_refused_in_one_line_naming_it() throws IOException {
        String file = dir.resolve(LocalEnvironment.FILE).toString();
        for (String[] bad : new String[][] {
                {"machine-memory: lots\n", file + ": 'machine-memory': 'lots' is not a size (a number, then K, M, G or T)"},
                {"machine-disk: 1M\n", file + ": 'machine-disk': a machine needs at least 256M of disk, got 1M"},
                {"machine-processes: many\n", file + ": 'machine-processes': must be a number, got 'many'"},
                {"machine-processes: 10\n", file + ": 'machine-processes': a machine needs at least 200 processes, got 10"}}) {
            write(CONTAINERS + bad[0]);
            assertEquals(bad[1], assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir)).getMessage());
        }
        write(CONTAINERS.replace("machine-ids: 100000:100000:65536\n", "machine-ids: 0:0:65536\n"));
        assertEquals(file + ": 'machine-ids': a machine's ids cannot start at the host's root, got 0:0",
                assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir)).getMessage());
        write(CONTAINERS.replace("machine-root: /var", "machine-root: var"));
        assertEquals(file + ": 'machine-root': must be an absolute path, got 'var/lib/jujube/machine-roots/debian-bookworm-0123'",
                assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir)).getMessage());
    }

    @Test
    void without_an_ensemble_the_port_is_still_required() throws IOException {
        write("name: local\nplacement: local\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertTrue(e.getMessage().contains("'zookeeper-port'"), e.getMessage());
    }

    @Test
    void a_file_that_is_not_yaml_is_refused_in_one_line_naming_the_place() throws IOException {
        write("name: local\nzookeeper-port: [2181\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertEquals(dir.resolve(LocalEnvironment.FILE) + " is not valid YAML: line 3, column 1: expected ',' or ']',"
                + " but got <stream end> (parsing a flow sequence from line 2, column 17)", e.getMessage());
    }

    @Test
    void a_key_without_a_value_is_given_and_a_setting_must_be_a_single_value() throws IOException {
        write("zookeeper:\nzookeeper-port: 2181\n");
        assertTrue(assertThrows(CliException.class, () -> LocalEnvironment.load("ens", dir)).getMessage()
                .contains("'zookeeper' must be host:port"));
        write("zookeeper-port: {port: 2181}\n");
        assertTrue(assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir)).getMessage()
                .contains("'zookeeper-port' is missing or not a port number"));
        write("zookeeper-port: 2181\nplacement:\nzookeeper-chroot:\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        assertEquals("local", env.placement());
        assertEquals("", env.chroot());
    }

    @Test
    void a_file_that_is_not_a_map_of_settings_is_refused_naming_it() throws IOException {
        write("- zookeeper-port: 2181\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertEquals(dir.resolve(LocalEnvironment.FILE) + " must be a map of settings (name, zookeeper-port, placement, ...)",
                e.getMessage());
    }

    private void write(String yaml) throws IOException {
        Files.writeString(dir.resolve(LocalEnvironment.FILE), yaml);
    }

    @Test
    void a_zookeeper_other_hosts_reach_must_serve_tls_and_clients_then_trust_the_environments_authority()
            throws IOException {
        String beyond = java.net.NetworkInterface.networkInterfaces()
                .flatMap(java.net.NetworkInterface::inetAddresses)
                .filter(a -> a instanceof java.net.Inet4Address && !a.isLoopbackAddress())
                .map(java.net.InetAddress::getHostAddress).findFirst()
                .orElseThrow(() -> new AssertionError("this host has no address but loopback"));
        write("name: local\nzookeeper-port: 2181\nzookeeper-address: " + beyond + "\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertTrue(e.getMessage().contains("'zookeeper-address' " + beyond + " is reachable from other hosts"), e.getMessage());
        write("name: local\nzookeeper-port: 2181\nzookeeper-address: " + beyond + "\nzookeeper-tls: yes please\n");
        e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertTrue(e.getMessage().contains("'zookeeper-tls' must be true or false"), e.getMessage());

        write("name: local\nzookeeper-port: 2181\nzookeeper-address: " + beyond + "\nzookeeper-tls: true\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        env.secure(); // the administrator's credentials, which every connection authenticates with
        assertTrue(env.servesOtherHosts());
        assertEquals(beyond + ":2181", env.connectString());
        assertEquals(java.util.Optional.of(dir.resolve("tls/ca.pem").toAbsolutePath()), env.connection().tlsCaCertificate());
        env.save();
        assertEquals(env, LocalEnvironment.load("local", dir), "survives a save");

        write("name: local\nzookeeper-port: 2181\n");
        assertFalse(LocalEnvironment.load("local", dir).servesOtherHosts());
        assertEquals(java.util.Optional.empty(), LocalEnvironment.load("local", dir).connection().tlsCaCertificate());
    }
}
