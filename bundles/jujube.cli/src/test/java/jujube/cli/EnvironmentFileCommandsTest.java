package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A command refuses an environment.yaml it cannot trust in one line, at once, and changes nothing. */
class EnvironmentFileCommandsTest extends CliFixture {
    private Path file() {
        return home.resolve("environments").resolve(envName).resolve("environment.yaml");
    }

    private String refused(String content, String... command) throws Exception {
        Map<String, String> before = snapshot();
        String good = Files.readString(file());
        Files.writeString(file(), content);
        try {
            long t0 = System.nanoTime();
            String error = run(command[0], java.util.Arrays.copyOfRange(command, 1, command.length)).assertFailure();
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "at once");
            assertEquals(before, snapshot());
            return error;
        } finally {
            Files.writeString(file(), good);
        }
    }

    @Test
    void an_unknown_setting_is_refused_naming_the_known_ones() throws Exception {
        String good = Files.readString(file());
        assertEquals("jujube: " + file() + ": 'colour' is not a setting (known: name, provider, zookeeper-port, zookeeper,"
                + " zookeeper-chroot, zookeeper-address, zookeeper-tls, placement, machines, container-bridge,"
                + " container-network, machine-ids, machine-root, machine-processes, machine-memory, machine-disk,"
                + " max-restart-delay, dashboard-port)", refused(good + "colour: red\n", "status"));
        assertTrue(refused(good + "zookeeper_port: 2181\n", "set-env", "log-setting-values=true")
                .contains("'zookeeper_port' is not a setting"));
    }

    @Test
    void a_file_naming_another_environment_is_refused() throws Exception {
        String good = Files.readString(file());
        assertEquals("jujube: " + file() + ": 'name' is 'other', but the environment is '" + envName
                + "' (a file from another environment? each environment's name is its directory's)",
                refused(good.replace("name: " + envName + "\n", "name: other\n"), "set-env", "log-setting-values=true"));
    }

    @Test
    void a_huge_file_is_refused_before_it_is_read() throws Exception {
        String good = Files.readString(file());
        String big = good + "# " + "x".repeat(10 << 20) + "\n";
        assertEquals("jujube: " + file() + ": " + big.length() + " bytes, over the limit of 65536 bytes",
                refused(big, "status"));
        assertEquals("jujube: " + file() + ": " + big.length() + " bytes, over the limit of 65536 bytes",
                refused(big, "bootstrap"));
    }
}
