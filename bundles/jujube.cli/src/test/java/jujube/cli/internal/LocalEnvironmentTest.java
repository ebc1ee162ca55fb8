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
import jujube.provider.local.LocalLayout;
import jujube.provider.local.PlacementPolicy;
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
        write("name: ens\nzookeeper: 127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183\nzookeeper-port: 9999\n");
        LocalEnvironment env = LocalEnvironment.load("ens", dir);
        env.secure();
        assertEquals("127.0.0.1:2181,127.0.0.1:2182,zk3.example:2183", env.connectString());
        assertEquals(env.connectString(), env.connection().connectString());
    }

    @Test
    void an_ensemble_needs_no_port_and_survives_a_save() throws IOException {
        write("name: ens\nzookeeper: 127.0.0.1:2181,127.0.0.1:2182\nplacement: unassigned\n");
        LocalEnvironment env = LocalEnvironment.load("ens", dir);
        env.save();
        LocalEnvironment again = LocalEnvironment.load("ens", dir);
        assertEquals("127.0.0.1:2181,127.0.0.1:2182", again.connectString());
        assertEquals(PlacementPolicy.UNASSIGNED, again.placement());
        assertFalse(Files.readString(dir.resolve(LocalEnvironment.FILE)).contains("zookeeper-port"));
    }

    private static final String CONTAINERS = "name: local\nzookeeper-port: 2181\nmachines: container\n"
            + "container-bridge: jujube-0a1b2c\ncontainer-network: 10.77.0.0/16\nmachine-ids: 100000:100000:65536\n"
            + "machine-root: /var/lib/jujube/machine-roots/debian-bookworm-0123\n";

    @Test
    void a_container_machines_directory_is_on_its_disk_and_the_environment_survives_a_save() throws IOException {
        write(CONTAINERS + "machine-memory: 512M\n");
        LocalEnvironment env = LocalEnvironment.load("local", dir);
        assertEquals(LocalLayout.runtimeDir(dir).resolve("machine-2/home"), env.machineDir(2),
                "a container machine's directory is on its disk, outside the environment's");
        env.save();
        assertEquals(env, LocalEnvironment.load("local", dir));
    }

    @Test
    void a_bad_setting_is_refused_in_one_line_naming_the_file_and_key() throws IOException {
        write("name: local\nzookeeper-port: 2181\nmax-restart-delay: soon\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertEquals(dir.resolve(LocalEnvironment.FILE) + ": 'max-restart-delay' must be a number of ms, at least 250,"
                + " got 'soon'", e.getMessage());
    }

    @Test
    void a_file_that_is_not_yaml_is_refused_in_one_line_naming_the_place() throws IOException {
        write("name: local\nzookeeper-port: [2181\n");
        CliException e = assertThrows(CliException.class, () -> LocalEnvironment.load("local", dir));
        assertEquals(dir.resolve(LocalEnvironment.FILE) + " is not valid YAML: line 3, column 1: expected ',' or ']',"
                + " but got <stream end> (parsing a flow sequence from line 2, column 17)", e.getMessage());
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
