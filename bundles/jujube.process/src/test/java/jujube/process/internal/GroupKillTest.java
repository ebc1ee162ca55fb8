package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;
import jujube.process.spawn.SpawnedProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Each spawner's process: a group of its own, and its kill reaches the whole group. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.process.internal.Spawners#both")
class GroupKillTest extends RunnerFixture {
    GroupKillTest(ProcessSpawner spawner) {
        super(spawner, RunnerSettings.unlimited(Duration.ZERO)); // the spawner alone is tested: no runner runs
    }

    @Test
    void killing_the_group_leaves_no_process_of_it() throws Exception {
        // A background child that ignores no signal, and a grandchild already orphaned (its subshell exits).
        Path script = scripts.script("start", "sleep 1000 & echo $! > pids\n(sleep 1000 & echo $! >> pids) \n"
                + "echo $$ >> pids\nexec sleep 1000");
        SpawnedProcess process = start(script);
        Path pidsFile = scripts.dir.resolve("pids");
        POLLING.await("the script wrote its pids").atMost(DEADLINE).until(() -> lines(pidsFile) == 3);
        List<Long> pids = ScriptFixture.pids(pidsFile);
        leftovers.addAll(pids);
        assertEquals(process.pid(), pids.get(2));
        assertEquals(Optional.of(process.pid()), groupOf(process.pid()), "the process leads its own group");
        assertTrue(groupOf(pids.get(0)).equals(Optional.of(process.pid()))
                && groupOf(pids.get(1)).equals(Optional.of(process.pid())), "its children are in its group");

        process.killGroup();

        assertEquals(128 + 9, process.waitFor());
        POLLING.atMost(DEADLINE).untilAsserted(() -> assertTrue(() -> membersOf(process.pid()).isEmpty(),
                () -> "left in the group: " + membersOf(process.pid())));
        process.killGroup(); // ended: must signal nobody (the pid may be another's by now)
    }

    @Test
    void a_killed_process_that_ended_is_left_alone() throws Exception {
        SpawnedProcess process = start(scripts.script("install", "exit 3"));

        assertEquals(3, process.waitFor());
        process.killGroup();
        assertEquals(3, process.exitValue());
    }

    private SpawnedProcess start(Path script) throws IOException, InterruptedException {
        return spawner.start(new SpawnRequest(List.of(script.toString()), Map.of("PATH", "/usr/bin:/bin"),
                scripts.dir, Path.of("/dev/null"), Path.of("/dev/null"), ProcessGroups.sessionLeader(scripts.leader())));
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? ScriptFixture.pids(file).size() : 0;
        } catch (IOException | NumberFormatException e) {
            return 0; // being written
        }
    }

    /** The live processes (zombies excepted) whose process group is {@code pgid}. */
    private static List<Long> membersOf(long pgid) {
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            return all.map(ProcessHandle::pid).filter(ScriptFixture::running)
                    .filter(pid -> groupOf(pid).equals(Optional.of(pgid))).toList();
        }
    }

    private static Optional<Long> groupOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return Optional.of(Long.valueOf(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
