package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PidFilesTest {
    @TempDir
    Path env;

    @Test
    void the_provider_and_the_command_line_name_the_same_files() throws Exception {
        PidFiles pids = new PidFiles(env);
        LocalLayout layout = new LocalLayout(env, env.resolve("dist"), "127.0.0.1:2181", env.resolve("charms"), 10_000);
        assertEquals(layout.pidFile(3), pids.file("machine-3"));
        assertEquals(layout.pids(), pids.dir());
        assertEquals(List.of(), pids.names(), "no directory yet: nothing recorded");

        pids.write(pids.file("machine-3"), 4_000_000);
        pids.write(pids.file("controller-supervisor"), 4_000_001);
        Files.writeString(pids.dir().resolve(".machine-3.pid.1.tmp"), "interrupted write");

        assertEquals(Set.of("machine-3", "controller-supervisor"), new TreeSet<>(pids.names()));
    }

    @Test
    void a_pid_not_of_the_environment_is_recorded_and_gone() throws Exception {
        PidFiles pids = new PidFiles(env);
        // this test's JVM is alive, but its command line does not name the temporary environment
        pids.write(pids.file("controller"), ProcessHandle.current().pid());

        assertTrue(pids.live(pids.file("controller")).isEmpty());
        assertTrue(pids.recordedAndGone(pids.file("controller")));
        assertFalse(pids.recordedAndGone(pids.file("zookeeper")), "never recorded");
    }
}
