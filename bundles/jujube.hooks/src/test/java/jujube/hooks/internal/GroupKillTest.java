package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.hooks.spawn.HookProcess;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.spawn.SpawnRequest;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Each spawner's process: a group of its own, and its kill reaches the whole group. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.hooks.internal.HookSpawners#both")
class GroupKillTest {
    /** Waits for hooks and their processes: every 10 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10));

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path root;
    HookFixture charm;
    final HookSpawner spawner;
    final List<Long> leftovers = new ArrayList<>();

    GroupKillTest(HookSpawner spawner) {
        this.spawner = spawner;
    }

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @AfterEach
    void killLeftovers() {
        HookFixture.kill(leftovers);
    }

    @Test
    void killing_the_group_leaves_no_process_of_it() throws Exception {
        // A background child that ignores no signal, and a grandchild already orphaned (its subshell exits).
        Path hook = charm.hook("start", "sleep 1000 & echo $! > pids\n(sleep 1000 & echo $! >> pids) \n"
                + "echo $$ >> pids\nexec sleep 1000");
        HookProcess process = start(hook);
        Path pidsFile = charm.charmDir.resolve("pids");
        POLLING.await("the hook wrote its pids").atMost(DEADLINE).until(() -> lines(pidsFile) == 3);
        List<Long> pids = HookFixture.pids(pidsFile);
        leftovers.addAll(pids);
        assertEquals(process.pid(), pids.get(2));
        assertEquals(Optional.of(process.pid()), groupOf(process.pid()), "the hook leads its own group");
        assertTrue(groupOf(pids.get(0)).equals(Optional.of(process.pid()))
                && groupOf(pids.get(1)).equals(Optional.of(process.pid())), "its children are in its group");

        process.killGroup();

        assertEquals(128 + 9, process.waitFor());
        POLLING.atMost(DEADLINE).untilAsserted(() -> assertTrue(() -> membersOf(process.pid()).isEmpty(),
                () -> "left in the group: " + membersOf(process.pid())));
        process.killGroup(); // ended: must signal nobody (the pid may be another's by now)
    }

    @Test
    void a_killed_hook_that_ended_is_left_alone() throws Exception {
        HookProcess process = start(charm.hook("install", "exit 3"));

        assertEquals(3, process.waitFor());
        process.killGroup();
        assertEquals(3, process.exitValue());
    }

    private HookProcess start(Path hook) throws IOException, InterruptedException {
        return spawner.start(new SpawnRequest(List.of(hook.toString()), Map.of("PATH", "/usr/bin:/bin"),
                charm.charmDir, Path.of("/dev/null"), Path.of("/dev/null"), ProcessGroups.sessionLeader(charm.toolsDir)));
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? HookFixture.pids(file).size() : 0;
        } catch (IOException | NumberFormatException e) {
            return 0; // being written
        }
    }

    /** The live processes (zombies excepted) whose process group is {@code pgid}. */
    private static List<Long> membersOf(long pgid) {
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            return all.map(ProcessHandle::pid).filter(HookFixture::running)
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
