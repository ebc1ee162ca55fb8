package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Placement {@code unassigned} on the real distribution: every new unit gets an empty machine of its own,
 * which the provisioning agent launches as a machine agent process; a machine that still runs a unit
 * cannot be terminated; once {@code remove-unit} emptied it (its stop hook ran there), the machine goes
 * by itself and the provisioning agent stops its agent process, while the other machine's unit runs on
 * untouched.
 */
class UnassignedPlacementIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the test
    private Environment env;

    @Test
    void each_unit_gets_a_machine_and_a_machine_its_last_unit_left_goes_with_its_agent() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-spread"), "spread",
                "--placement", "unassigned");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("add-unit", "mysql");
        env.awaitUnits(Map.of("mysql/0", "started", "mysql/1", "started"));
        JsonNode status = env.status();
        JsonNode units = status.path("services").path("mysql").path("units");
        assertEquals(1, units.path("mysql/0").path("machine").asInt(), status.toString());
        assertEquals(2, units.path("mysql/1").path("machine").asInt(), status.toString());
        for (String machine : new String[] {"1", "2"}) {
            assertEquals("running", status.path("machines").path(machine).path("agent-state").asText(), status.toString());
        }
        Path machine2 = env.dir().resolve("machines/machine-2");
        assertFalse(Distribution.processesMentioning(machine2).isEmpty(), "machine 2's agent runs as a process");

        Distribution.Run refused = env.run("terminate-machine", "2");
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("Cannot terminate machine 2: units [mysql/1] are assigned to it"),
                refused.err());

        // read through a handle opened before: the machine, gone, leaves no log behind
        try (FileChannel log = FileChannel.open(jujube.provider.local.LocalLayout.log(env.dir(), 2))) {
            env.ok("remove-unit", "mysql/1");
            env.awaitUnits(Map.of("mysql/0", "started"));
            Environment.converging("mysql/1's stop hook on machine 2")
                    .until(() -> read(log).contains("unit=mysql/1 hook=stop: succeeded"));
        }
        // its last unit gone, the machine goes too: its agent removes it, the provisioning agent stops it
        Environment.converging("machine 2 gone from status")
                .untilAsserted(() -> assertTrue(() -> !env.status().path("machines").has("2"),
                        () -> "last seen: " + env.status().path("machines").toString()));
        Environment.converging("machine 2's agent process stopped")
                .until(() -> Distribution.processesMentioning(machine2).isEmpty());
        assertEquals("jujube: machine 2 does not exist", env.run("terminate-machine", "2").err().strip());
        assertFalse(Files.exists(machine2), "nothing of machine 2 is left");
        assertFalse(Files.exists(jujube.provider.local.LocalLayout.log(env.dir(), 2)), "nor its log");
        assertEquals("running", env.status().path("machines").path("1").path("agent-state").asText());
        env.awaitUnits(Map.of("mysql/0", "started"));
    }

    /** What the log holds now, read through an open handle from its start. */
    private static String read(FileChannel log) throws java.io.IOException {
        java.nio.ByteBuffer all = java.nio.ByteBuffer.allocate((int) Math.min(log.size(), 64L << 20));
        log.read(all, 0);
        return new String(all.array(), 0, all.position(), java.nio.charset.StandardCharsets.UTF_8);
    }
}
