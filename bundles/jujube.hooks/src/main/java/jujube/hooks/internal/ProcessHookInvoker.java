package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.hooks.spawn.HookProcess;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.spawn.SpawnRequest;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.lib.threads.ThreadFactories;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HookInvoker}: each hook is a child process leading its own process group, started (and
 * killed with its group) by the {@link HookSpawner} service of highest ranking, with its output carried by
 * {@link OutputPipes}. The spawner reference is dynamic and greedy: when a better spawner comes, or the one
 * in use goes away (its bundle stopped or updated), the next hook uses the best one left, without the
 * invoker or its units restarting; a hook already running keeps the spawner that started it. Exit statuses
 * above 128 are reported as {@code signal N}, as spawners (like the JDK and a shell) fold "killed by signal
 * N" into 128+N; a hook that itself exits with 137 is therefore reported as "signal 9". Each hook runs
 * within its unit's {@link ProcessLimits process limit} and the {@link OutputLimits output limits}; a hook
 * that goes past one fails, naming the limit, whatever its exit status.
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
    private final AtomicReference<HookSpawner> spawner = new AtomicReference<>();
    private final OutputLimits outputLimits;
    private final ProcessLimits processLimits;
    private final AtomicBoolean warnedNoLeader = new AtomicBoolean();
    private final FifoPool fifos = new FifoPool(MKFIFO);
    // two readers a running hook; idle ones end after 5 s, so a quiet agent keeps none
    private final ExecutorService outputReaders = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS,
            new SynchronousQueue<>(), ThreadFactories.numbered("jujube-hook-output"));

    /** The spawner is bound by Declarative Services right after construction ({@link #bindSpawner}). */
    @Activate
    public ProcessHookInvoker(HookInvokerConfig config) {
        this(Duration.ofSeconds(config.timeoutSeconds()), Duration.ofMillis(config.outputGraceMillis()),
                new OutputLimits(config.maxOutputLines(), config.maxOutputLineBytes(), config.maxOutputBytes()),
                () -> ProcessLimits.start(config.maxProcesses()));
    }

    /** An invoker that starts hooks with the JDK ({@link JdkHookSpawner}), without process limit. */
    public ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace) {
        this(defaultTimeout, outputGrace, new JdkHookSpawner());
    }

    /** With the given spawner, the default output limits and no process limit. */
    ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSpawner spawner) {
        this(defaultTimeout, outputGrace, spawner, OutputLimits.defaults(), ProcessLimits.none());
    }

    /** With the given spawner and limits (which the invoker closes when it is deactivated). */
    ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, HookSpawner spawner,
                       OutputLimits outputLimits, ProcessLimits processLimits) {
        this(defaultTimeout, outputGrace, outputLimits, () -> processLimits);
        bindSpawner(spawner);
    }

    /**
     * @param defaultTimeout for invocations that name none; {@link Duration#ZERO} means no timeout
     * @param outputGrace how long to read output after the hook exited while its children hold it open
     */
    private ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, OutputLimits outputLimits,
                               Supplier<ProcessLimits> processLimits) {
        this.outputLimits = Objects.requireNonNull(outputLimits, "outputLimits");
        this.defaultTimeout = Objects.requireNonNull(defaultTimeout, "defaultTimeout");
        this.outputGrace = Objects.requireNonNull(outputGrace, "outputGrace");
        if (defaultTimeout.isNegative() || outputGrace.isNegative()) {
            throw new IllegalArgumentException("jujube.hooks.invoker: timeoutSeconds and outputGraceMillis must "
                    + "not be negative, got " + defaultTimeout.toSeconds() + " and " + outputGrace.toMillis());
        }
        this.processLimits = processLimits.get(); // last: it makes cgroups, and nothing after it can fail
    }

    /**
     * The spawner of highest ranking; Declarative Services binds its replacement before it unbinds the one
     * it replaces, so there is always one while the invoker is active.
     */
    @Reference(name = "spawner", policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindSpawner")
    void bindSpawner(HookSpawner next) {
        HookSpawner previous = spawner.getAndSet(Objects.requireNonNull(next, "spawner"));
        if (previous != next) {
            LOG.info("hooks are started by the {} spawner", next);
        }
    }

    void unbindSpawner(HookSpawner gone) {
        spawner.compareAndSet(gone, null);
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
            LOG.info("unit={} hook={}: running", unit, hookName);
            result = run(invocation, hook, output);
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

    private HookResult run(HookInvocation invocation, Path hook, HookOutput output) throws InterruptedException {
        OutputPipes pipes;
        try {
            pipes = new OutputPipes(fifos, outputReaders, threadName(invocation), output, outputLimits);
        } catch (IOException e) {
            return new HookResult.Failed("could not start: " + e.getMessage());
        }
        try (pipes) {
            Optional<ProcessLimits.UnitLimit> limit = processLimit(invocation);
            long reachedBefore = limit.map(ProcessLimits.UnitLimit::reached).orElse(0L);
            HookProcess process;
            try {
                process = currentSpawner().start(request(invocation, hook, pipes, limit));
            } catch (IOException e) {
                return new HookResult.Failed("could not start: " + e.getMessage());
            }
            Duration timeout = invocation.timeout().orElse(defaultTimeout);
            try {
                output.started(process.pid(), timeout);
            } catch (RuntimeException e) {
                // the caller must know its hook's process (to find it again after a crash): none unknown runs
                process.killGroup();
                process.waitFor();
                return new HookResult.Failed("could not record its process: " + e.getMessage());
            }
            pipes.processStarted(process::killGroup);
            HookResult result = await(process, timeout);
            try {
                pipes.finish(outputGrace);
            } catch (InterruptedException e) {
                // The hook has ended: its result stands even if its last output is cut short.
                Thread.currentThread().interrupt();
            }
            return beyondLimits(limit, reachedBefore, pipes).orElse(result);
        }
    }

    /**
     * The hook alone, in a session of its own; in the unit's cgroups, through the session leader, which moves
     * itself into them (the files are their {@code cgroup.procs}) before it execs the hook, so that nothing
     * the hook forks starts outside them.
     */
    private SpawnRequest request(HookInvocation invocation, Path hook, OutputPipes pipes,
                                 Optional<ProcessLimits.UnitLimit> limit) {
        List<String> command = new ArrayList<>();
        Optional<Path> leader = ProcessGroups.sessionLeader(invocation.toolsDir());
        if (limit.isPresent()) {
            command.add(invocation.toolsDir().resolve(HookToolsInstaller.SESSION_LEADER).toString());
            limit.get().procs().forEach(file -> command.addAll(List.of("--cgroup", file.toString())));
            leader = Optional.empty(); // the command leads its session itself
        }
        command.add(hook.toString());
        return new SpawnRequest(command, HookEnvironment.of(invocation, agentPath), invocation.charmDir(),
                pipes.stdout(), pipes.stderr(), leader);
    }

    private HookSpawner currentSpawner() throws IOException {
        HookSpawner current = spawner.get();
        if (current == null) {
            throw new IOException("no hook spawner"); // only between deactivation and the last hook's end
        }
        return current;
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

    private HookResult await(HookProcess process, Duration timeout) throws InterruptedException {
        try {
            if (timeout.isZero()) {
                process.waitFor();
            } else if (!process.waitFor(timeout)) {
                process.killGroup();
                process.waitFor();
                return HookResult.Failed.timedOut(timeout);
            }
        } catch (InterruptedException e) {
            // The agent is going away: leave no hook behind it.
            process.killGroup();
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
}
