package jujube.hooks.internal;

import java.io.IOException;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process limit of each unit's hooks: a pids cgroup per unit ({@link PidsHierarchy}) whose
 * {@code pids.max} bounds the unit's hooks and everything they start together, so a fork bomb gets at
 * most that many processes. A unit that reaches its limit has all its processes killed, at once:
 * processes spinning on failed forks would otherwise hold the machine's cores for ever. The limit is
 * watched by one thread, every {@link #WATCH_INTERVAL}, also between hooks (a hook may leave processes
 * behind); it polls, because cgroup v1 sends no notification when a fork is refused. Hooks run as root,
 * so {@code RLIMIT_NPROC} would not bind them. Where no hierarchy can be used (no {@code pids} controller,
 * or it cannot be written) hooks run without the limit, which the log says once, with why.
 */
final class ProcessLimits implements AutoCloseable {
    static final Duration WATCH_INTERVAL = Duration.ofMillis(250);
    private static final Duration KILL_PATIENCE = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(ProcessLimits.class);

    private final Optional<PidsHierarchy> hierarchy;
    private final int maxProcesses;
    private final Map<String, UnitLimit> units = new ConcurrentHashMap<>();
    private Thread watcher; // guarded by this; started with the first unit
    private boolean closed; // guarded by this

    private ProcessLimits(Optional<PidsHierarchy> hierarchy, int maxProcesses) {
        this.hierarchy = hierarchy;
        this.maxProcesses = maxProcesses;
    }

    /**
     * The limits of this agent's hooks, in a directory named after its pid.
     *
     * @param maxProcesses per unit; 0: no limit
     */
    static ProcessLimits start(int maxProcesses) {
        return start(maxProcesses, () -> PidsHierarchy.find(PidsHierarchy.DIR_PREFIX + ProcessHandle.current().pid()));
    }

    /** The limits in the hierarchy {@code where} finds. */
    static ProcessLimits start(int maxProcesses, Finder where) {
        if (maxProcesses < 0) {
            throw new IllegalArgumentException("jujube.hooks.invoker: maxProcesses must be 0 (no limit) or more, got "
                    + maxProcesses);
        }
        if (maxProcesses == 0) {
            LOG.info("hooks run without a process limit (maxProcesses is 0)");
            return new ProcessLimits(Optional.empty(), 0);
        }
        try {
            PidsHierarchy found = where.find();
            sweepStale(found.dir());
            LOG.info("hooks run with at most {} processes per unit (cgroup v{} pids controller, {})", maxProcesses,
                    found.version(), found.dir());
            return new ProcessLimits(Optional.of(found), maxProcesses);
        } catch (PidsHierarchy.UnavailableException e) {
            LOG.warn("hooks run without a process limit: no pids cgroup can be used ({})", e.getMessage());
            return new ProcessLimits(Optional.empty(), maxProcesses);
        }
    }

    /** No limit, and nothing logged: for invokers that are not an agent's. */
    static ProcessLimits none() {
        return new ProcessLimits(Optional.empty(), 0);
    }

    /** Finds the hierarchy and makes the agent's directory in it. */
    @FunctionalInterface
    interface Finder {
        PidsHierarchy find() throws PidsHierarchy.UnavailableException;
    }

    /** Whether hooks run under the limit at all. */
    boolean enabled() {
        return hierarchy.isPresent();
    }

    int maxProcesses() {
        return maxProcesses;
    }

    /**
     * The unit's limit, its cgroup made and its {@code pids.max} set; empty when there is no limit or its
     * cgroup cannot be made (logged: the hook then runs without it).
     */
    Optional<UnitLimit> forUnit(String unit) {
        if (hierarchy.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path cgroup = hierarchy.get().unitCgroup(unit, maxProcesses);
            UnitLimit limit = units.computeIfAbsent(unit, u -> new UnitLimit(u, cgroup));
            startWatching();
            return Optional.of(limit);
        } catch (IOException e) {
            LOG.warn("unit={}: its hook runs without the process limit: cannot set up its cgroup: {}", unit, e.toString());
            return Optional.empty();
        }
    }

    private synchronized void startWatching() {
        if (watcher == null && !closed) {
            watcher = new Thread(this::watch, "jujube-hook-process-limits");
            watcher.setDaemon(true);
            watcher.start();
        }
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            for (UnitLimit limit : units.values()) {
                limit.enforce();
            }
            LockSupport.parkNanos(WATCH_INTERVAL.toNanos());
        }
    }

    /** Stops watching and removes the cgroups no process is left in (hooks may outlive the agent). */
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
        hierarchy.ifPresent(h -> removeEmpty(h.dir()));
    }

    /** Removes what agents gone (a kill, a reboot) left: their directories' empty cgroups, then the directories. */
    private static void sweepStale(Path own) {
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(own.getParent(), PidsHierarchy.DIR_PREFIX + "*")) {
            for (Path dir : siblings) {
                String pid = dir.getFileName().toString().substring(PidsHierarchy.DIR_PREFIX.length());
                if (!dir.equals(own) && pid.matches("[0-9]{1,18}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                    removeEmpty(dir);
                }
            }
        } catch (IOException e) {
            LOG.debug("could not look for stale hook cgroups beside {}: {}", own, e.toString());
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

    /** One unit's cgroup: where its hooks start, how often its limit was reached, and the kill. */
    final class UnitLimit {
        private final String unit;
        private final Path cgroup;
        private long seen; // guarded by this: the reached count last enforced

        private UnitLimit(String unit, Path cgroup) {
            this.unit = unit;
            this.cgroup = cgroup;
            this.seen = reached();
        }

        /** The file a process writes "0" to, to move itself into the cgroup. */
        Path procs() {
            return cgroup.resolve("cgroup.procs");
        }

        int maxProcesses() {
            return maxProcesses;
        }

        /** How many forks the limit refused so far (the "max" count of {@code pids.events}; 0 if unknown). */
        long reached() {
            try {
                for (String line : Files.readAllLines(cgroup.resolve("pids.events"))) {
                    if (line.startsWith("max ")) {
                        return Long.parseLong(line.substring(4).trim());
                    }
                }
            } catch (IOException | NumberFormatException e) {
                LOG.debug("unit={}: cannot read {}: {}", unit, cgroup.resolve("pids.events"), e.toString());
            }
            return 0;
        }

        /** If the limit was reached since last seen: kills every process of the unit; true if it did. */
        synchronized boolean enforce() {
            long now = reached();
            if (now <= seen) {
                return false;
            }
            seen = now;
            int killed = killAll();
            LOG.error("unit={}: its processes reached their limit of {} (maxProcesses); the {} left were killed",
                    unit, maxProcesses, killed);
            return true;
        }

        /**
         * Kills every process in the cgroup, round after round until none is left: a process forked between
         * a round's listing and its kills is found in the next round (forks fail while the cgroup is full).
         */
        private int killAll() {
            Set<Long> killed = new HashSet<>();
            long deadline = System.nanoTime() + KILL_PATIENCE.toNanos();
            Path kill = cgroup.resolve("cgroup.kill"); // cgroup v2 since Linux 5.14: the kernel kills them all
            if (Files.exists(kill)) {
                try {
                    Files.writeString(kill, "1");
                } catch (IOException e) {
                    LOG.debug("unit={}: cannot write {}: {}", unit, kill, e.toString());
                }
            }
            for (List<Long> pids = pids(); !pids.isEmpty(); pids = pids()) {
                for (long pid : pids) {
                    if (ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
                        killed.add(pid);
                    }
                }
                if (System.nanoTime() > deadline) {
                    LOG.error("unit={}: processes of its cgroup {} survive being killed: {}", unit, cgroup, pids);
                    break;
                }
                Thread.onSpinWait(); // a killed process leaves the list once it has exited: moments
            }
            return killed.size();
        }

        private List<Long> pids() {
            try {
                return Files.readAllLines(procs()).stream().map(String::trim).filter(s -> !s.isEmpty())
                        .map(Long::valueOf).toList();
            } catch (NoSuchFileException e) {
                return List.of();
            } catch (IOException | NumberFormatException e) {
                LOG.debug("unit={}: cannot read {}: {}", unit, procs(), e.toString());
                return List.of();
            }
        }
    }
}
