package jujube.process.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.lib.threads.ThreadFactories;
import jujube.process.OutputLimits;
import jujube.process.ProcessOutcome;
import jujube.process.ProcessOutput;
import jujube.process.ProcessRunner;
import jujube.process.ProcessSpec;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import jujube.process.spawn.SpawnRequest;
import jujube.process.spawn.SpawnedProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ProcessRunner}: each process's output carried by {@link OutputPipes} from a {@link FifoPool},
 * read on a pool of reader threads, its group's limit kept by {@link ProcessLimits}. Exit statuses above
 * 128 are reported as {@link ProcessOutcome.Signalled signals}, as spawners (like the JDK and a shell) fold
 * "killed by signal N" into 128+N; a process that itself exits with 137 is therefore reported as signal 9.
 * A process that goes past a limit fails with it, whatever its exit status.
 */
final class PipedProcessRunner implements ProcessRunner {
    private static final Logger LOG = LoggerFactory.getLogger(PipedProcessRunner.class);
    private static final Path MKFIFO = Files.isExecutable(Path.of("/usr/bin/mkfifo"))
            ? Path.of("/usr/bin/mkfifo") : Path.of("/bin/mkfifo");

    private final Duration outputGrace;
    private final OutputLimits outputLimits;
    private final ProcessLimits processLimits;
    private final AtomicBoolean warnedNoLeader = new AtomicBoolean();
    private final FifoPool fifos = new FifoPool(MKFIFO);
    // two readers a running process; idle ones end after 5 s, so a quiet agent keeps none
    private final ExecutorService outputReaders = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS,
            new SynchronousQueue<>(), ThreadFactories.numbered("jujube-process-output"));

    /** @param processLimits the limits of the settings' {@code maxProcesses}, which the runner closes */
    PipedProcessRunner(RunnerSettings settings, ProcessLimits processLimits) {
        this.outputGrace = settings.outputGrace();
        this.outputLimits = settings.output();
        this.processLimits = processLimits;
    }

    @Override
    public ProcessOutcome run(ProcessSpec spec, ProcessSpawner spawner, ProcessOutput output)
            throws InterruptedException {
        OutputPipes pipes;
        try {
            pipes = new OutputPipes(fifos, outputReaders, spec.threadName(), output, outputLimits);
        } catch (IOException e) {
            return new ProcessOutcome.StartFailed(String.valueOf(e.getMessage()));
        }
        try (pipes) {
            Optional<ProcessLimits.GroupLimit> limit = processLimit(spec);
            long reachedBefore = limit.map(ProcessLimits.GroupLimit::reached).orElse(0L);
            SpawnedProcess process;
            try {
                process = spawner.start(request(spec, pipes, limit));
            } catch (IOException e) {
                return new ProcessOutcome.StartFailed(String.valueOf(e.getMessage()));
            }
            try {
                output.started(process.pid(), spec.timeout());
            } catch (RuntimeException e) {
                // the caller must know its process (to find it again after a crash): none unknown runs
                process.killGroup();
                process.waitFor();
                return new ProcessOutcome.StartRefused(String.valueOf(e.getMessage()));
            }
            pipes.processStarted(process::killGroup);
            ProcessOutcome outcome = await(process, spec.timeout());
            try {
                pipes.finish(outputGrace);
            } catch (InterruptedException e) {
                // The process has ended: its outcome stands even if its last output is cut short.
                Thread.currentThread().interrupt();
            }
            return beyondLimits(limit, reachedBefore, pipes).orElse(outcome);
        }
    }

    /**
     * The process alone, in a session of its own; in its group's cgroups, through the session leader, which
     * moves itself into them (the files are their {@code cgroup.procs}) before it execs the process, so that
     * nothing the process forks starts outside them.
     */
    private static SpawnRequest request(ProcessSpec spec, OutputPipes pipes, Optional<ProcessLimits.GroupLimit> limit) {
        List<String> command = new ArrayList<>();
        Optional<Path> leader = ProcessGroups.sessionLeader(spec.sessionLeader());
        if (limit.isPresent()) {
            command.add(spec.sessionLeader().orElseThrow().toString());
            limit.get().procs().forEach(file -> command.addAll(List.of("--cgroup", file.toString())));
            leader = Optional.empty(); // the command leads its session itself
        }
        command.addAll(spec.command());
        return new SpawnRequest(command, spec.environment(), spec.directory(), pipes.stdout(), pipes.stderr(), leader);
    }

    /** The group's process limit, when processes have one and the session leader that joins it is given. */
    private Optional<ProcessLimits.GroupLimit> processLimit(ProcessSpec spec) {
        if (!processLimits.enabled() || spec.limitGroup().isEmpty()) {
            return Optional.empty();
        }
        if (spec.sessionLeader().isEmpty()) {
            if (warnedNoLeader.compareAndSet(false, true)) {
                LOG.warn("{}: runs without the process limit, as no session leader that joins cgroups is given "
                        + "(the hook tools' jujube-hook-leader): only it can start a process inside its cgroup",
                        spec.limitGroup().get());
            }
            return Optional.empty();
        }
        return processLimits.forGroup(spec.limitGroup().get());
    }

    /**
     * The process's outcome when it went past a limit, whatever its exit status: its group's processes
     * reached their limit (all killed, here if the watcher has not yet), or its output passed the byte limit.
     */
    private Optional<ProcessOutcome> beyondLimits(Optional<ProcessLimits.GroupLimit> limit, long reachedBefore,
                                                  OutputPipes pipes) {
        if (limit.isPresent()) {
            limit.get().enforce();
            if (limit.get().reached() > reachedBefore) {
                return Optional.of(new ProcessOutcome.ProcessLimitReached(limit.get().maxProcesses()));
            }
        }
        if (pipes.overflowed()) {
            return Optional.of(new ProcessOutcome.OutputLimitPassed(outputLimits.maxBytes()));
        }
        return Optional.empty();
    }

    private static ProcessOutcome await(SpawnedProcess process, Duration timeout) throws InterruptedException {
        try {
            if (timeout.isZero()) {
                process.waitFor();
            } else if (!process.waitFor(timeout)) {
                process.killGroup();
                process.waitFor();
                return new ProcessOutcome.TimedOut(timeout);
            }
        } catch (InterruptedException e) {
            // The caller is going away: leave no process behind it.
            process.killGroup();
            throw e;
        }
        return outcomeOf(process.exitValue());
    }

    static ProcessOutcome outcomeOf(int exitValue) {
        if (exitValue > 128 && exitValue < 128 + 65) {
            return new ProcessOutcome.Signalled(exitValue - 128);
        }
        return new ProcessOutcome.Exited(exitValue);
    }

    /** Removes the output pipes made ahead and not used, ends the idle reader threads and the limits. */
    @Override
    public void close() {
        fifos.close();
        outputReaders.shutdown();
        processLimits.close();
    }
}
