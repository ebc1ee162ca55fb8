package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import jujube.provider.local.LocalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaleTempsTest {
    @TempDir
    Path env;

    @Test
    void the_litter_of_killed_commands_goes_and_everything_else_stays() throws IOException {
        LocalLayout layout = new LocalLayout(env, env.resolve("dist"), "127.0.0.1:2181", env.resolve("charms"), 12000);
        Instant now = Instant.now();
        Instant hourAgo = now.minus(Duration.ofHours(1));
        Path bootstrapTemp = file(env.resolve(".environment.yaml.81.tmp"), hourAgo);
        Path pidTemp = file(layout.pids().resolve(".machine-1.pid.82.tmp"), hourAgo);
        Path charmTemp = file(layout.charmStorage().resolve(".local_precise_mysql-1.charm.83.tmp"), hourAgo);
        Path deployInFlight = file(layout.charmStorage().resolve(".local_precise_wordpress-3.charm.84.tmp"), now);
        Path charm = file(layout.charmStorage().resolve("local_precise_mysql-1.charm"), hourAgo);
        Path pid = file(layout.pidFile(1), hourAgo);
        Path unitStateTemp = file(layout.machineDir(0).resolve("units/mysql-0/state/.unit.json.85.tmp"), hourAgo);

        assertEquals(3, StaleTemps.sweep(layout, now));

        assertFalse(Files.exists(bootstrapTemp));
        assertFalse(Files.exists(pidTemp));
        assertFalse(Files.exists(charmTemp));
        assertTrue(Files.exists(deployInFlight), "a write younger than a minute may be in flight");
        assertTrue(Files.exists(charm));
        assertTrue(Files.exists(pid));
        assertTrue(Files.exists(unitStateTemp), "the machine agent's, swept by its unit agent");
    }

    @Test
    void an_environment_without_its_directories_yet_is_no_error() {
        LocalLayout layout = new LocalLayout(env.resolve("new"), env.resolve("dist"), "127.0.0.1:2181",
                env.resolve("new/charms"), 12000);
        assertEquals(0, StaleTemps.sweep(layout, Instant.now()));
    }

    private static Path file(Path path, Instant modified) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "x");
        Files.setLastModifiedTime(path, FileTime.from(modified));
        return path;
    }
}
