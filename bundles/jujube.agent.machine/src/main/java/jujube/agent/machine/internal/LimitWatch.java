package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells when the machine reaches one of its limits, as its cgroup and its disk show them from inside:
 * forks the machine's process limit refused ({@code pids.events}), processes the kernel killed at its
 * memory limit ({@code oom_kill}), a disk that is full. Each limit reached gets one line for status, kept
 * until the agent stops (a full disk's, until it has room again). Where no limit is set (a process machine
 * in the host's cgroup) nothing is told. The cgroup is the agent's own: in a container machine, the
 * machine's, which its cgroup namespace shows at the hierarchy's root.
 */
final class LimitWatch implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(LimitWatch.class);
    /** A memory limit this large is none: the kernel's "max" in v1. */
    private static final long NO_LIMIT = 1L << 60;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final Path cgroupRoot;
    private final List<String> ownCgroups;
    private final Path disk;
    private final Clock clock;
    private final Consumer<Map<String, String>> report;
    private Map<String, String> reported = Map.of();
    private long pidsSeen = -1;
    private long oomSeen = -1;
    private final Map<String, Instant> lastHit = new LinkedHashMap<>();

    /**
     * @param cgroupRoot where the cgroup hierarchies are mounted, {@code /sys/fs/cgroup}
     * @param ownCgroups the lines of {@code /proc/self/cgroup}
     * @param disk a path on the machine's disk (its directory)
     * @param report where a changed report goes
     */
    LimitWatch(Path cgroupRoot, List<String> ownCgroups, Path disk, Clock clock, Consumer<Map<String, String>> report) {
        this.cgroupRoot = cgroupRoot;
        this.ownCgroups = ownCgroups;
        this.disk = disk;
        this.clock = clock;
        this.report = report;
    }

    /** The watch of this process's cgroup and the disk of {@code dataDir}. */
    static LimitWatch ofThisProcess(Path dataDir, Consumer<Map<String, String>> report) throws IOException {
        return new LimitWatch(Path.of("/sys/fs/cgroup"), Files.readAllLines(Path.of("/proc/self/cgroup")), dataDir,
                Clock.systemUTC(), report);
    }

    @Override
    public void run() {
        try {
            Map<String, String> now = new LinkedHashMap<>();
            processes().ifPresent(line -> now.put("processes", line));
            memory().ifPresent(line -> now.put("memory", line));
            disk().ifPresent(line -> now.put("disk", line));
            if (!now.equals(reported)) {
                now.forEach((limit, line) -> {
                    if (!line.equals(reported.get(limit))) {
                        LOG.warn("machine limit reached: {}: {}", limit, line);
                    }
                });
                report.accept(Map.copyOf(now));
                reported = now;
            }
        } catch (RuntimeException e) {
            LOG.warn("could not tell the machine's limits: {}", e.toString()); // told again at the next look
        }
    }

    private Optional<String> processes() {
        Optional<Path> dir = cgroup("pids").or(() -> cgroup("")).filter(d -> Files.exists(d.resolve("pids.max")));
        OptionalLong max = dir.flatMap(d -> read(d.resolve("pids.max"))).map(String::strip).filter(v -> v.matches("[0-9]+"))
                .map(v -> OptionalLong.of(Long.parseLong(v))).orElse(OptionalLong.empty());
        if (max.isEmpty()) {
            return Optional.empty();
        }
        long refused = dir.flatMap(d -> read(d.resolve("pids.events"))).map(t -> field(t, "max")).orElse(0L);
        if (refused > pidsSeen && pidsSeen >= 0) {
            lastHit.put("processes", clock.instant());
        }
        pidsSeen = refused;
        if (refused == 0) {
            return Optional.empty();
        }
        return Optional.of("reached its limit of " + max.getAsLong() + " processes: " + refused + " forks refused"
                + last("processes"));
    }

    private Optional<String> memory() {
        Optional<Path> v1 = cgroup("memory").filter(d -> Files.exists(d.resolve("memory.limit_in_bytes")));
        long limit;
        long kills;
        if (v1.isPresent()) {
            limit = read(v1.get().resolve("memory.limit_in_bytes")).map(String::strip).map(Long::parseLong).orElse(NO_LIMIT);
            kills = read(v1.get().resolve("memory.oom_control")).map(t -> field(t, "oom_kill")).orElse(0L);
        } else {
            Optional<Path> v2 = cgroup("").filter(d -> Files.exists(d.resolve("memory.max")));
            if (v2.isEmpty()) {
                return Optional.empty();
            }
            limit = read(v2.get().resolve("memory.max")).map(String::strip).filter(v -> v.matches("[0-9]+"))
                    .map(Long::parseLong).orElse(NO_LIMIT);
            kills = read(v2.get().resolve("memory.events")).map(t -> field(t, "oom_kill")).orElse(0L);
        }
        if (limit >= NO_LIMIT) {
            return Optional.empty();
        }
        if (kills > oomSeen && oomSeen >= 0) {
            lastHit.put("memory", clock.instant());
        }
        oomSeen = kills;
        if (kills == 0) {
            return Optional.empty();
        }
        return Optional.of("reached its limit of " + size(limit) + ": " + kills + (kills == 1 ? " process" : " processes")
                + " killed" + last("memory"));
    }

    private Optional<String> disk() {
        try {
            FileStore store = Files.getFileStore(disk);
            long total = store.getTotalSpace();
            long free = store.getUsableSpace();
            if (total > 0 && free < Math.max(1L << 20, total / 100)) {
                return Optional.of("full: " + size(total - free) + " of " + size(total) + " used");
            }
        } catch (IOException e) {
            LOG.debug("cannot look at the disk of {}: {}", disk, e.toString());
        }
        return Optional.empty();
    }

    private String last(String limit) {
        Instant at = lastHit.get(limit);
        return at == null ? "" : " (last at " + TIME.format(at) + ")";
    }

    /** The agent's directory in the hierarchy of {@code controller} ("" for v2's unified one). */
    private Optional<Path> cgroup(String controller) {
        for (String line : ownCgroups) {
            String[] f = line.split(":", 3);
            if (f.length != 3) {
                continue;
            }
            boolean match = controller.isEmpty() ? f[0].equals("0") && f[1].isEmpty()
                    : List.of(f[1].split(",")).contains(controller);
            if (match) {
                Path mount = controller.isEmpty() ? cgroupRoot : cgroupRoot.resolve(f[1]);
                Path dir = f[2].equals("/") ? mount : mount.resolve(f[2].substring(1));
                return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The number after {@code key} on its line of a {@code key value} file; 0 when absent. */
    private static long field(String text, String key) {
        for (String line : text.split("\n")) {
            String[] kv = line.strip().split("\\s+");
            if (kv.length == 2 && kv[0].equals(key) && kv[1].matches("[0-9]+")) {
                return Long.parseLong(kv[1]);
            }
        }
        return 0;
    }

    private static String size(long bytes) {
        return bytes >= 1L << 30 && bytes % (1L << 30) == 0 ? (bytes >> 30) + "G"
                : bytes >= 1L << 20 ? (bytes >> 20) + "M" : (bytes >> 10) + "K";
    }
}
