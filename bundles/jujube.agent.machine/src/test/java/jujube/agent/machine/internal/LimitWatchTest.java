package jujube.agent.machine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LimitWatchTest {
    private static final Clock NOON = Clock.fixed(Instant.parse("2026-11-28T12:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    private final List<Map<String, String>> reports = new ArrayList<>();

    /** A v1 host's files of the machine's cgroup, as its cgroup namespace shows them: at each hierarchy's root. */
    private Path v1(String pidsMax, long refused, long memoryLimit, long oomKills) throws Exception {
        Path pids = Files.createDirectories(tmp.resolve("cgroup/pids"));
        Files.writeString(pids.resolve("pids.max"), pidsMax + "\n");
        Files.writeString(pids.resolve("pids.events"), "max " + refused + "\n");
        Path memory = Files.createDirectories(tmp.resolve("cgroup/memory"));
        Files.writeString(memory.resolve("memory.limit_in_bytes"), memoryLimit + "\n");
        Files.writeString(memory.resolve("memory.oom_control"), "oom_kill_disable 0\nunder_oom 0\noom_kill " + oomKills + "\n");
        return tmp.resolve("cgroup");
    }

    private LimitWatch watch(Path root, List<String> cgroups) {
        return new LimitWatch(root, cgroups, tmp, NOON, reports::add);
    }

    @Test
    void nothing_is_told_until_a_limit_is_reached_then_each_reached_limit_once_with_its_count() throws Exception {
        Path root = v1("300", 0, 512L << 20, 0);
        LimitWatch watch = watch(root, List.of("8:pids:/", "4:memory:/", "0::/"));
        watch.run();
        watch.run();
        assertEquals(List.of(), reports, "no limit reached: nothing to tell");

        v1("300", 12, 512L << 20, 1);
        watch.run();
        assertEquals(List.of(Map.of(
                "processes", "reached its limit of 300 processes: 12 forks refused (last at 12:00:00 UTC)",
                "memory", "reached its limit of 512M: 1 process killed (last at 12:00:00 UTC)")), reports);
        watch.run();
        assertEquals(1, reports.size(), "told again only when it changes");
    }

    @Test
    void a_limit_reached_before_the_agent_looked_is_told_without_a_time() throws Exception {
        Path root = v1("300", 0, 512L << 20, 3);
        watch(root, List.of("8:pids:/", "4:memory:/")).run();
        assertEquals(List.of(Map.of("memory", "reached its limit of 512M: 3 processes killed")), reports);
    }

    @Test
    void where_no_limit_is_set_nothing_is_told_whatever_the_counters() throws Exception {
        Path root = v1("max", 7, Long.MAX_VALUE & ~4095, 2);
        watch(root, List.of("8:pids:/user.slice", "4:memory:/user.slice", "0::/user.slice")).run();
        watch(root, List.of("8:pids:/", "4:memory:/")).run();
        assertEquals(List.of(), reports);
    }

    @Test
    void a_unified_hierarchy_is_read_at_the_agents_own_cgroup() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("unified/machine.slice/m1"));
        Files.writeString(dir.resolve("pids.max"), "max\n");
        Files.writeString(dir.resolve("memory.max"), (1L << 30) + "\n");
        Files.writeString(dir.resolve("memory.events"), "low 0\nhigh 0\nmax 40\noom 2\noom_kill 2\n");
        watch(tmp.resolve("unified"), List.of("0::/machine.slice/m1")).run();
        assertEquals(List.of(Map.of("memory", "reached its limit of 1G: 2 processes killed")), reports);
    }

    @Test
    void a_full_disk_is_told_while_it_is_full() throws Exception {
        Path mount = Files.createDirectories(tmp.resolve("disk"));
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "jujube-test", mount.toString()).inheritIO().start().waitFor();
        try {
            LimitWatch watch = new LimitWatch(tmp, List.of(), mount, NOON, reports::add);
            watch.run();
            assertEquals(List.of(), reports);
            try (OutputStream out = Files.newOutputStream(mount.resolve("filler"))) {
                out.write(new byte[4 << 20]);
            } catch (java.io.IOException full) {
                // the disk is full: what the watch must see
            }
            watch.run();
            assertEquals(1, reports.size(), reports::toString);
            assertTrue(reports.get(0).get("disk").startsWith("full: 4M of 4M used"), reports::toString);
            Files.delete(mount.resolve("filler"));
            watch.run();
            assertEquals(Map.of(), reports.get(1), "room again: no longer told");
        } finally {
            new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor();
        }
    }
}
