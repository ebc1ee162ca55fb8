package jujube.process.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import jujube.lib.threads.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process limit of each group of processes (a unit's hooks), and their share of the processor: cgroups
 * per group ({@link AgentCgroups}) whose {@code pids.max} bounds the group's processes and everything they start
 * together, so a fork bomb gets at most that many processes, and which weigh all of them as one against
 * the other groups and the agent. A group that reaches its limit has all its processes killed, at once:
 * processes spinning on failed forks would otherwise hold the machine's cores for ever. The limit is
 * watched by one thread, every {@link #WATCH_INTERVAL}, also between runs (a process may leave others
 * behind); it polls, because cgroup v1 sends no notification when a fork is refused. Hooks run as root,
 * so {@code RLIMIT_NPROC} would not bind them. Where no hierarchy can be used (no {@code pids} controller,
 * or it cannot be written) processes run without the limit, which the log says once, with why.
 */
final class ProcessLimits implements AutoCloseable {
    static final Duration WATCH_INTERVAL = Duration.ofMillis(250);
    private static final Duration KILL_PATIENCE = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(ProcessLimits.class);

    private final Optional<AgentCgroups> hierarchy;
    private final int maxProcesses;
    private final Map<String, GroupLimit> groups = new ConcurrentHashMap<>();
    private Thread watcher; // guarded by this; started with the first group
    private boolean closed; // guarded by this

    private ProcessLimits(Optional<AgentCgroups> hierarchy, int maxProcesses) {
        this.hierarchy = hierarchy;
        this.maxProcesses = maxProcesses;
    }

    /**
     * The limits of the processes this agent runs, in a directory named after its pid.
     *
     * @param maxProcesses per group; 0: no limit
     */
    static ProcessLimits start(int maxProcesses) {
        return start(maxProcesses, () -> AgentCgroups.find(AgentCgroups.DIR_PREFIX + ProcessHandle.current().pid()));
    }

    /** The limits in the hierarchy {@code where} finds. */
    static ProcessLimits start(int maxProcesses, Finder where) {
        if (maxProcesses < 0) {
            throw new IllegalArgumentException("maxProcesses must be 0 (no limit) or more, got " + maxProcesses);
        }
        if (maxProcesses == 0) {
            LOG.info("processes run without a process limit (maxProcesses is 0)");
            return new ProcessLimits(Optional.empty(), 0);
        }
        try {
            AgentCgroups found = where.find();
            found.dirs().forEach(ProcessLimits::sweepStale);
            LOG.info("processes run with at most {} per group (cgroup v{} pids controller, {}){}", maxProcesses,
                    found.version(), found.pids(), found.cpu().map(cpu -> ", each group weighing as one on the "
                            + "processor (cpu controller, " + cpu + ")").orElse(", all weighing alike on the "
                            + "processor (no cpu controller to use)"));
            return new ProcessLimits(Optional.of(found), maxProcesses);
        } catch (AgentCgroups.UnavailableException e) {
            LOG.warn("processes run without a process limit: no pids cgroup can be used ({})", e.getMessage());
            return new ProcessLimits(Optional.empty(), maxProcesses);
        }
    }

    /** No limit, and nothing logged: for runners that are not an agent's. */
    static ProcessLimits none() {
        return new ProcessLimits(Optional.empty(), 0);
    }

    /** Finds the hierarchy and makes the agent's directory in it. */
    @FunctionalInterface
    interface Finder {
        AgentCgroups find() throws AgentCgroups.UnavailableException;
    }

    /** Whether processes run under the limit at all. */
    boolean enabled() {
        return hierarchy.isPresent();
    }

    int maxProcesses() {
        return maxProcesses;
    }

    /**
     * The group's limit, its cgroup made and its {@code pids.max} set; empty when there is no limit or its
     * cgroup cannot be made (logged: the process then runs without it).
     */
    Optional<GroupLimit> forGroup(String group) {
        if (hierarchy.isEmpty()) {
            return Optional.empty();
        }
        GroupLimit known = groups.get(group);
        if (known != null && Files.isDirectory(known.cgroup)) {
            return Optional.of(known); // made at the group's first run: one stat per run, not a mkdir and a write
        }
        try {
            AgentCgroups.Group cgroups = hierarchy.get().group(group, maxProcesses);
            GroupLimit limit = groups.computeIfAbsent(group, g -> new GroupLimit(g, cgroups));
            startWatching();
            return Optional.of(limit);
        } catch (IOException e) {
            LOG.warn("{}: runs without the process limit: cannot set up its cgroup: {}", group, e.toString());
            return Optional.empty();
        }
    }

    private synchronized void startWatching() {
        if (watcher == null && !closed) {
            watcher = Threads.startDaemon("jujube-process-limits", this::watch);
        }
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            for (GroupLimit limit : groups.values()) {
                limit.enforce();
            }
            LockSupport.parkNanos(WATCH_INTERVAL.toNanos());
        }
    }

    /** Stops watching and removes the cgroups no process is left in (processes may outlive the agent). */
    @Override
    public void close() {
        Thread stopping;
        synchronized (this) {
            closed = true;
            stopping = watcher;
        }
        if (stopping != null) {
            stopping.interrupt();
            try {
                stopping.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        hierarchy.ifPresent(h -> h.dirs().forEach(ProcessLimits::removeEmpty));
    }

    /** Removes what agents gone (a kill, a reboot) left: their directories' empty cgroups, then the directories. */
    private static void sweepStale(Path own) {
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(own.getParent(), AgentCgroups.DIR_PREFIX + "*")) {
            for (Path dir : siblings) {
                String pid = dir.getFileName().toString().substring(AgentCgroups.DIR_PREFIX.length());
                if (!dir.equals(own) && pid.matches("[0-9]{1,18}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                    removeEmpty(dir);
                }
            }
        } catch (IOException e) {
            LOG.debug("could not look for stale cgroups beside {}: {}", own, e.toString());
        }
    }

    /** Removes the cgroups of {@code dir} that hold no process, then {@code dir} if that emptied it. */
    private static void removeEmpty(Path dir) {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path child : children) {
                rmdir(child);
            }
        } catch (IOException e) {
            LOG.debug("could not list {}: {}", dir, e.toString());
        }
        rmdir(dir);
    }

    private static void rmdir(Path cgroup) {
        try {
            Files.delete(cgroup); // a cgroup's directory goes with its control files; one with processes stays
        } catch (IOException e) {
            LOG.debug("cgroup {} stays: {}", cgroup, e.toString());
        }
    }

    /** One group's cgroups: where its processes start, how often its limit was reached, and the kill. */
    final class GroupLimit {
        private final String group;
        private final AgentCgroups.Group cgroups;
        private final Path cgroup; // the pids one
        private long seen; // guarded by this: the reached count last enforced

        private GroupLimit(String group, AgentCgroups.Group cgroups) {
            this.group = group;
            this.cgroups = cgroups;
            this.cgroup = cgroups.pids();
            this.seen = reached();
        }

        /** The files a process writes "0" to, to move itself into the group's cgroups. */
        List<Path> procs() {
            return cgroups.procs();
        }

        AgentCgroups.Group cgroups() {
            return cgroups;
        }

        int maxProcesses() {
            return maxProcesses;
        }

        /** How many forks the limit refused so far (the "max" count of {@code pids.events}; 0 if unknown). */
        long reached() {
            try {
                // read twice per run: plain bytes, no reader and its buffers
                String events = new String(Files.readAllBytes(cgroup.resolve("pids.events")), StandardCharsets.US_ASCII);
                for (String line : events.split("\n")) {
                    if (line.startsWith("max ")) {
                        return Long.parseLong(line.substring(4).trim());
                    }
                }
            } catch (IOException | NumberFormatException e) {
                LOG.debug("{}: cannot read {}: {}", group, cgroup.resolve("pids.events"), e.toString());
            }
            return 0;
        }

        /** If the limit was reached since last seen: kills every process of the group; true if it did. */
        synchronized boolean enforce() {
            if (reached() <= seen) {
                return false;
            }
            int killed = killAll();
            seen = reached(); // the forks refused while they were killed are part of this time
            if (killed > 0) {
                LOG.error("{}: its processes reached their limit of {} (maxProcesses); the {} left were killed",
                        group, maxProcesses, killed);
            }
            return true;
        }

        /**
         * Kills every process in the cgroup: forks are refused meanwhile (its limit set to 0), and it goes
         * round after round until none is left, since a process killed stays listed until it has exited.
         */
        private int killAll() {
            Set<Long> killed = new HashSet<>();
            long deadline = System.nanoTime() + KILL_PATIENCE.toNanos();
            Path max = cgroup.resolve("pids.max");
            writeQuietly(max, "0");
            Path kill = cgroup.resolve("cgroup.kill"); // cgroup v2 since Linux 5.14: the kernel kills them all
            if (Files.exists(kill)) {
                writeQuietly(kill, "1");
            }
            for (List<Long> pids = pids(); !pids.isEmpty(); pids = pids()) {
                for (long pid : pids) {
                    if (!killed.contains(pid) && ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
                        killed.add(pid);
                    }
                }
                if (System.nanoTime() > deadline) {
                    LOG.error("{}: processes of its cgroup {} survive being killed: {}", group, cgroup, pids);
                    break;
                }
                Thread.onSpinWait(); // moments: each process listed was killed, and exits
            }
            writeQuietly(max, Integer.toString(maxProcesses));
            return killed.size();
        }

        private void writeQuietly(Path file, String text) {
            try {
                Files.writeString(file, text);
            } catch (IOException e) {
                LOG.warn("{}: cannot write '{}' to {}: {}", group, text, file, e.toString());
            }
        }

        private List<Long> pids() {
            try {
                return Files.readAllLines(cgroup.resolve("cgroup.procs")).stream().map(String::trim)
                        .filter(s -> !s.isEmpty()).map(Long::valueOf).toList();
            } catch (NoSuchFileException e) {
                return List.of();
            } catch (IOException | NumberFormatException e) {
                LOG.debug("{}: cannot read {}: {}", group, cgroup.resolve("cgroup.procs"), e.toString());
                return List.of();
            }
        }
    }
}
