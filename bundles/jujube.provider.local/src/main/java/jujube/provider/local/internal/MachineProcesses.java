package jujube.provider.local.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.agent.provisioning.MachineProvider;
import jujube.agent.provisioning.ProviderException;
import jujube.files.AtomicFiles;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.PidFiles;
import jujube.access.CredentialFiles;
import jujube.access.OneTimeCredential;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local provider's machines: one detached process each, recorded in {@code pids/machine-N.pid}:
 * the {@code jujube-agent machine} itself, or the {@code lxc-execute} of the machine's container, which
 * lives exactly as long as the agent its init runs (see {@link LocalLayout#command}). A process found running at start (machine 0, which bootstrap starts, or
 * any machine after a controller restart) is adopted, not started again. A watched process that dies
 * is restarted, sooner when it had been running for a while, later (up to a configured longest delay)
 * when it keeps dying young: the original relied on the init system for this. A pid file exists exactly while its machine is wanted,
 * so one whose process is gone when this provider starts (the controller or the host went down) has its
 * machine started at once.
 */
final class MachineProcesses implements MachineProvider, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MachineProcesses.class);
    private static final Pattern PID_FILE = Pattern.compile("machine-([0-9]{1,9})\\.pid");
    private static final Duration HEALTHY = Duration.ofSeconds(10);
    /** The longest restart delay when none is configured. */
    static final Duration MAX_RESTART_DELAY = Duration.ofSeconds(30);
    private static final Duration FIRST_RESTART_DELAY = Duration.ofMillis(250);

    private final LocalLayout layout;
    private final PidFiles pidFiles;
    private final ScheduledExecutorService restarts;
    private final Duration maxRestartDelay;
    private final MachineKind kind;
    private final Map<Integer, Watched> watched = new HashMap<>();
    private boolean closed;

    /** A process this provider watches, and how often in a row it died young. */
    private record Watched(ProcessHandle process, long startedNanos, int quickDeaths) {}

    MachineProcesses(LocalLayout layout, ScheduledExecutorService restarts) {
        this(layout, restarts, MAX_RESTART_DELAY);
    }

    MachineProcesses(LocalLayout layout, ScheduledExecutorService restarts, Duration maxRestartDelay) {
        this(layout, restarts, maxRestartDelay, kindOf(layout));
    }

    MachineProcesses(LocalLayout layout, ScheduledExecutorService restarts, Duration maxRestartDelay, MachineKind kind) {
        if (maxRestartDelay.isNegative()) {
            throw new IllegalArgumentException("the longest restart delay must not be negative, got " + maxRestartDelay);
        }
        this.layout = layout;
        this.kind = kind;
        this.pidFiles = new PidFiles(layout.envDir());
        this.restarts = restarts;
        this.maxRestartDelay = maxRestartDelay;
        adoptRecorded();
        startRecordedButDead();
    }

    private static MachineKind kindOf(LocalLayout layout) {
        if (layout.containers().isEmpty()) {
            return new MachineKind.ProcessMachines(layout);
        }
        try {
            return ContainerMachines.onThisHost(layout);
        } catch (IOException e) {
            throw new ProviderException("cannot look at this host's cgroups and JDK for container machines: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Starts every machine whose pid file outlived its process: a machine still wanted (its pid file
     * says so) that died while no provider watched it, with the controller killed or the host rebooted.
     */
    private synchronized void startRecordedButDead() {
        for (int id : recordedMachines()) {
            if (!watched.containsKey(id)) {
                LOG.warn("machine {} is wanted (pid file {}) but its process is gone; starting it", id, layout.pidFile(id));
                try {
                    start(id, 0);
                } catch (ProviderException e) {
                    LOG.error("{}; the provisioning agent will try again", e.getMessage());
                }
            }
        }
    }

    /**
     * Watches every live machine process a pid file records that is not watched yet: at start, and
     * later for machine 0, whose pid file bootstrap may write after this provider started.
     */
    private synchronized void adoptRecorded() {
        for (int id : recordedMachines()) {
            if (!watched.containsKey(id)) {
                pidFiles.live(layout.pidFile(id)).ifPresent(p -> {
                    LOG.info("adopting machine {} (pid {})", id, p.pid());
                    watch(id, new Watched(p, System.nanoTime(), 0));
                });
            }
        }
    }

    @Override
    public synchronized String launch(int machineId, OneTimeCredential credential) {
        try {
            // into the machine's directory, which a container machine sees too: its agent redeems it at start
            kind.attach(machineId);
            Path file = layout.machineDir(machineId).resolve(CredentialFiles.ONE_TIME);
            CredentialFiles.writeOneTime(file, credential);
            kind.handOver(file);
        } catch (IOException e) {
            throw new ProviderException("cannot hand machine " + machineId + " its one-time credential: " + e.getMessage(), e);
        }
        Optional<ProcessHandle> running = current(machineId);
        if (running.isPresent()) {
            return LocalLayout.instanceId(machineId);
        }
        start(machineId, 0);
        return LocalLayout.instanceId(machineId);
    }

    private void start(int machineId, int quickDeaths) {
        try {
            kind.prepare(machineId, System.getenv());
            MachineLogs.prepare(layout, machineId);
            AtomicFiles.createOwnerOnly(layout.output(machineId)); // the JVM's own output; its log is the agent's
            if (layout.zookeeperCa().isPresent()) {
                // in the machine's own directory: a container sees that, not the environment's
                AtomicFiles.write(layout.zookeeperCa(machineId), Files.readAllBytes(layout.zookeeperCa().get()));
                kind.handOver(layout.zookeeperCa(machineId));
            }
            Process p = new ProcessBuilder(layout.command(machineId))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(layout.output(machineId).toFile()))
                    .redirectErrorStream(true)
                    .start();
            pidFiles.write(layout.pidFile(machineId), p.pid());
            LOG.info("started machine {} (pid {})", machineId, p.pid());
            watch(machineId, new Watched(p.toHandle(), System.nanoTime(), quickDeaths));
        } catch (IOException e) {
            throw new ProviderException("cannot start machine " + machineId + ": " + e.getMessage(), e);
        }
    }

    private void watch(int machineId, Watched w) {
        watched.put(machineId, w);
        w.process().onExit().thenRun(() -> died(machineId, w));
    }

    private synchronized void died(int machineId, Watched w) {
        if (closed || watched.get(machineId) != w) {
            return; // terminated, or already replaced
        }
        boolean young = System.nanoTime() - w.startedNanos() < HEALTHY.toNanos();
        int quickDeaths = young ? w.quickDeaths() + 1 : 0;
        long delay = Math.min(maxRestartDelay.toMillis(), FIRST_RESTART_DELAY.toMillis() << Math.min(quickDeaths, 10));
        LOG.warn("machine {} (pid {}) exited; restarting it in {} ms", machineId, w.process().pid(), delay);
        try {
            restarts.schedule(() -> restart(machineId, w, quickDeaths), delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // closing
        }
    }

    private synchronized void restart(int machineId, Watched dead, int quickDeaths) {
        if (closed || watched.get(machineId) != dead) {
            return;
        }
        try {
            start(machineId, quickDeaths);
        } catch (ProviderException e) {
            LOG.error("{}; the provisioning agent will try again", e.getMessage());
        }
    }

    /** The live process of the machine: the watched one, or one its pid file records. */
    private Optional<ProcessHandle> current(int machineId) {
        Watched w = watched.get(machineId);
        if (w != null && w.process().isAlive()) {
            return Optional.of(w.process());
        }
        return pidFiles.live(layout.pidFile(machineId));
    }

    @Override
    public void terminate(String instanceId) {
        int machineId = LocalLayout.machineOf(instanceId)
                .orElseThrow(() -> new ProviderException("'" + instanceId + "' is not a local instance id"));
        Optional<ProcessHandle> process;
        synchronized (this) {
            process = current(machineId);
            watched.remove(machineId);
        }
        process.ifPresent(MachineProcesses::stop);
        try {
            Files.deleteIfExists(layout.pidFile(machineId));
            kind.destroy(machineId);
            MachineLogs.remove(layout, machineId);
        } catch (IOException e) {
            throw new ProviderException("cannot remove machine " + machineId + "'s files: " + e.getMessage(), e);
        }
        LOG.info("terminated machine {}", machineId);
    }

    /**
     * SIGTERM to the process and its descendants (unit agents' hooks), SIGKILL to what outlives 10 s; returns
     * once they are gone (or, past another 10 s of a process the kernel keeps, gives up waiting).
     */
    private static void stop(ProcessHandle p) {
        var all = Stream.concat(Stream.of(p), p.descendants()).toList();
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
                try {
                    h.onExit().get(10, TimeUnit.SECONDS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (Exception stuck) {
                    LOG.warn("process {} outlives its SIGKILL", h.pid());
                }
            }
        }
    }

    @Override
    public synchronized boolean isRunning(String instanceId) {
        return LocalLayout.machineOf(instanceId).flatMap(this::current).isPresent();
    }

    @Override
    public synchronized Set<String> instances() {
        adoptRecorded();
        Set<String> result = new TreeSet<>();
        recordedMachines().forEach(id -> result.add(LocalLayout.instanceId(id)));
        watched.keySet().forEach(id -> result.add(LocalLayout.instanceId(id)));
        return result;
    }

    private Set<Integer> recordedMachines() {
        Set<Integer> ids = new TreeSet<>();
        Path dir = layout.pids();
        if (!Files.isDirectory(dir)) {
            return ids;
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(f -> {
                Matcher m = PID_FILE.matcher(f.getFileName().toString());
                if (m.matches()) {
                    ids.add(Integer.parseInt(m.group(1)));
                }
            });
        } catch (IOException e) {
            throw new ProviderException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return ids;
    }

    /** Stops watching; the machines keep running (they outlive the controller, as on real hosts). */
    @Override
    public synchronized void close() {
        closed = true;
    }
}
