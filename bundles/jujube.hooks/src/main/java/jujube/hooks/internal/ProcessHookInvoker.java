package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.hooks.tools.HookToolsInstaller;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HookInvoker}: each hook is a child process leading its own process group, started by a
 * {@link HookSpawner} and killed with its group by {@link ProcessGroups}, with its output carried by
 * {@link OutputPipes}. Exit statuses above 128 are reported as {@code signal N}, as the JDK (like a
 * shell, and {@link PosixProcess} likewise) folds "killed by signal N" into 128+N;
 * a hook that itself exits with 137 is therefore reported as "signal 9". Each hook runs within its
 * unit's {@link ProcessLimits process limit} and the {@link OutputLimits output limits}; a hook that goes
 * past one fails, naming the limit, whatever its exit status.
 */
@Component(service = HookInvoker.class, configurationPid = "jujube.hooks.invoker",
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = HookInvokerConfig.class)
public final class ProcessHookInvoker implements HookInvoker {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessHookInvoker.class);
    private static final Path MKFIFO = Files.isExecutable(Path.of("/usr/bin/mkfifo"))
            ? Path.of("/usr/bin/mkfifo") : Path.of("/bin/mkfifo");

    /** The agent's own PATH, which hooks get after the tools' directory, as in the original. */
    private final String agentPath = System.getenv("PATH");
    private final Duration defaultTimeout;
    private final Duration outputGrace;
    private final HookSlots slots;
    private final ProcessGroups groups = new ProcessGroups();
    private final HookSpawner spawner;
    private final OutputLimits outputLimits;
    private final ProcessLimits processLimits;
    private final AtomicBoolean warnedNoLeader = new AtomicBoolean();
    private final FifoPool fifos = new FifoPool(MKFIFO);
    // two readers a running hook; idle ones end after 5 s, so a quiet agent keeps none
    private final ExecutorService outputReaders = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS,
            new SynchronousQueue<>(), new ReaderThreads());

    @Activate
    public ProcessHookInvoker(HookInvokerConfig config) {
        this(Duration.ofSeconds(config.timeoutSeconds()), Duration.ofMillis(config.outputGraceMillis()),
                HookSlots.configured(config.maxConcurrentHooks(), Duration.ofMillis(config.slotHoldMillis())),
                config.nativeSpawn() ? HookSpawner::best : HookSpawner::configuredJdk,
                new OutputLimits(config.maxOutputLines(), config.maxOutputLineBytes(), config.maxOutputBytes()),
                () -> ProcessLimits.start(config.maxProcesses()));
    }

    /** An invoker with no limit on concurrent hooks. */
    public ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace) {
        this(defaultTimeout, outputGrace, HookSlots.unlimited());
    }

    /**
     * @param defaultTimeout for invocations that name none; {@link Duration#ZERO} means no timeout
     * @param outputGrace how long to read output after the hook exited while its children hold it open
     * @param slots how many hooks start at once; a hook's wait for its turn does not count against its timeout
     */
    ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSlots slots) {
        this(defaultTimeout, outputGrace, slots, (Function<ProcessGroups, HookSpawner>) HookSpawner::best,
                OutputLimits.defaults(), ProcessLimits::none);
    }

    /** With the given way of starting hooks, the default output limits and no process limit. */
    ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSlots slots, HookSpawner spawner) {
        this(defaultTimeout, outputGrace, slots, spawner, OutputLimits.defaults(), ProcessLimits.none());
    }

    /** With the given way of starting hooks and limits (which the invoker closes when it is deactivated). */
    ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSlots slots, HookSpawner spawner,
                       OutputLimits outputLimits, ProcessLimits processLimits) {
        this(defaultTimeout, outputGrace, slots, groups -> spawner, outputLimits, () -> processLimits);
    }

    private ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSlots slots,
                               Function<ProcessGroups, HookSpawner> spawner, OutputLimits outputLimits,
                               Supplier<ProcessLimits> processLimits) {
        this.outputLimits = Objects.requireNonNull(outputLimits, "outputLimits");
        this.spawner = spawner.apply(groups);
        this.defaultTimeout = Objects.requireNonNull(defaultTimeout, "defaultTimeout");
        this.outputGrace = Objects.requireNonNull(outputGrace, "outputGrace");
        if (defaultTimeout.isNegative() || outputGrace.isNegative()) {
            throw new IllegalArgumentException("jujube.hooks.invoker: timeoutSeconds and outputGraceMillis must "
                    + "not be negative, got " + defaultTimeout.toSeconds() + " and " + outputGrace.toMillis());
        }
        this.slots = Objects.requireNonNull(slots, "slots");
        if (slots.count() > 0) {
            LOG.info("at most {} hooks start at once", slots.count());
        }
        this.processLimits = processLimits.get(); // last: it makes cgroups, and nothing after it can fail
    }

    /** Removes the output pipes made ahead and not used, and ends the idle reader threads. */
    @Deactivate
    public void deactivate() {
        fifos.close();
        outputReaders.shutdown();
        processLimits.close();
    }

    @Override
    public HookResult invoke(HookInvocation invocation, HookOutput output) {
        String unit = invocation.unitName();
        String hookName = invocation.hookName();
        Path hook = invocation.hookPath();
        if (!Files.exists(hook)) {
            LOG.info("unit={} hook={}: no such hook in the charm, skipping", unit, hookName);
            return new HookResult.Missing(hook);
        }
        if (!Files.isRegularFile(hook) || !Files.isExecutable(hook)) {
            LOG.error("unit={} hook={}: not executable: {}", unit, hookName, hook);
            return HookResult.Failed.notExecutable(hook);
        }
        HookResult result;
        try {
            result = runInTurn(invocation, hook, output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new HookResult.Failed("interrupted");
        }
        if (result instanceof HookResult.Failed failed) {
            LOG.error("unit={} hook={}: failed: {}", unit, hookName, failed.reason());
        } else {
            LOG.info("unit={} hook={}: succeeded", unit, hookName);
        }
        return result;
    }

    /** Runs the hook once one of the limited slots is free (at once when there is no limit). */
    private HookResult runInTurn(HookInvocation invocation, Path hook, HookOutput output) throws InterruptedException {
        try (HookSlots.Slot slot = slots.take(invocation)) {
            LOG.info("unit={} hook={}: running", invocation.unitName(), invocation.hookName());
            return run(invocation, hook, output, slot);
        }
    }

    private HookResult run(HookInvocation invocation, Path hook, HookOutput output, HookSlots.Slot slot)
            throws InterruptedException {
        OutputPipes pipes;
        try {
            pipes = new OutputPipes(fifos, outputReaders, threadName(invocation), output, outputLimits);
        } catch (IOException e) {
            return new HookResult.Failed("could not start: " + e.getMessage());
        }
        try (pipes) {
            Optional<ProcessLimits.UnitLimit> limit = processLimit(invocation);
            long reachedBefore = limit.map(ProcessLimits.UnitLimit::reached).orElse(0L);
            Process process;
            try {
                process = spawner.start(hook, invocation.toolsDir(), invocation.charmDir(),
                        HookEnvironment.of(invocation, agentPath), pipes.stdout(), pipes.stderr(),
                        limit.map(ProcessLimits.UnitLimit::procs).orElse(List.of()));
            } catch (IOException e) {
                return new HookResult.Failed("could not start: " + e.getMessage());
            }
            Duration timeout = invocation.timeout().orElse(defaultTimeout);
            try {
                output.started(process.pid(), timeout);
            } catch (RuntimeException e) {
                // the caller must know its hook's process (to find it again after a crash): none unknown runs
                groups.killGroup(process);
                process.waitFor();
                return new HookResult.Failed("could not record its process: " + e.getMessage());
            }
            pipes.processStarted(() -> killQuietly(process));
            HookResult result = await(process, timeout, slot);
            try {
                pipes.finish(outputGrace);
            } catch (InterruptedException e) {
                // The hook has ended: its result stands even if its last output is cut short.
                Thread.currentThread().interrupt();
            }
            return beyondLimits(limit, reachedBefore, pipes).orElse(result);
        }
    }

    /** The unit's process limit, when hooks have one and the session leader that joins it is installed. */
    private Optional<ProcessLimits.UnitLimit> processLimit(HookInvocation invocation) {
        if (!processLimits.enabled()) {
            return Optional.empty();
        }
        if (!Files.isExecutable(invocation.toolsDir().resolve(HookToolsInstaller.SESSION_LEADER))) {
            if (warnedNoLeader.compareAndSet(false, true)) {
                LOG.warn("unit={}: hooks run without the process limit where the native hook tools do not run "
                        + "(no {} in {}): only it can start a hook inside its cgroup", invocation.unitName(),
                        HookToolsInstaller.SESSION_LEADER, invocation.toolsDir());
            }
            return Optional.empty();
        }
        return processLimits.forUnit(invocation.unitName());
    }

    /**
     * The hook's failure when it went past a limit, whatever its exit status: the unit's processes reached
     * their limit (all killed, here if the watcher has not yet), or its output passed the byte limit.
     */
    private Optional<HookResult> beyondLimits(Optional<ProcessLimits.UnitLimit> limit, long reachedBefore,
                                              OutputPipes pipes) {
        if (limit.isPresent()) {
            limit.get().enforce();
            if (limit.get().reached() > reachedBefore) {
                return Optional.of(new HookResult.Failed("reached the limit of " + limit.get().maxProcesses()
                        + " processes (maxProcesses): the unit's processes were killed"));
            }
        }
        if (pipes.overflowed()) {
            return Optional.of(new HookResult.Failed("wrote more than " + outputLimits.describeMaxBytes()
                    + " of output (maxOutputBytes): killed"));
        }
        return Optional.empty();
    }

    /** Kills the hook's group from a reader thread, whose interrupt would only end the kill early. */
    private void killQuietly(Process process) {
        try {
            groups.killGroup(process);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HookResult await(Process process, Duration timeout, HookSlots.Slot slot) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            slot.holdWhileRunning(process, timeout);
            slot.close(); // ended, or ran for the hold time: either way other hooks may start
            if (timeout.isZero()) {
                process.waitFor();
            } else if (!process.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                groups.killGroup(process);
                process.waitFor();
                return HookResult.Failed.timedOut(timeout);
            }
        } catch (InterruptedException e) {
            // The agent is going away: leave no hook behind it.
            groups.killGroup(process);
            throw e;
        }
        return statusOf(process.exitValue());
    }

    static HookResult statusOf(int exitValue) {
        if (exitValue == 0) {
            return new HookResult.Succeeded();
        }
        if (exitValue > 128 && exitValue < 128 + 65) {
            return HookResult.Failed.signal(exitValue - 128);
        }
        return HookResult.Failed.exitCode(exitValue);
    }

    private static String threadName(HookInvocation invocation) {
        return "jujube-" + ThreadNames.sanitize(invocation.unitName()) + "-hook";
    }

    /** Daemon threads named {@code jujube-hook-output-N} while idle (a reader renames its thread while it reads). */
    private static final class ReaderThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "jujube-hook-output-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
