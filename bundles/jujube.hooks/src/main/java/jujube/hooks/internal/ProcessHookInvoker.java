package jujube.hooks.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.process.OutputLimits;
import jujube.process.ProcessOutcome;
import jujube.process.ProcessRunner;
import jujube.process.ProcessRunners;
import jujube.process.ProcessSpec;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link HookInvoker}: each hook is a child process run by a {@link ProcessRunner} of its own (its
 * configuration's output grace and limits), started with the {@link ProcessSpawner} service of highest
 * ranking that {@code spawner.target} allows. The spawner reference is dynamic and greedy: when a better
 * spawner comes, or the one in use goes away (its bundle stopped or updated), the next hook uses the best one
 * left, without the invoker or its units restarting; a hook already running keeps the spawner that started
 * it. Each unit's hooks count against one process limit, joined through the hook tools' session leader.
 */
@Component(service = HookInvoker.class, configurationPid = "jujube.hooks.invoker",
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = HookInvokerConfig.class)
public final class ProcessHookInvoker implements HookInvoker {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessHookInvoker.class);

    /** The agent's own PATH, which hooks get after the tools' directory, as in the original. */
    private final String agentPath = System.getenv("PATH");
    private final Duration defaultTimeout;
    private final AtomicReference<ProcessSpawner> spawner = new AtomicReference<>();
    private final ProcessRunner runner;

    /** The spawner is bound by Declarative Services right after construction ({@link #bindSpawner}). */
    @Activate
    public ProcessHookInvoker(HookInvokerConfig config, @Reference(name = "runners") ProcessRunners runners) {
        this(Duration.ofSeconds(config.timeoutSeconds()), runners, settings(config));
    }

    /** An invoker starting hooks with {@code spawner}, with the default output limits and no process limit. */
    public ProcessHookInvoker(Duration defaultTimeout, Duration outputGrace, ProcessRunners runners,
                              ProcessSpawner spawner) {
        this(defaultTimeout, runners, RunnerSettings.unlimited(outputGrace));
        bindSpawner(spawner);
    }

    /** @param defaultTimeout for invocations that name none; {@link Duration#ZERO} means no timeout */
    private ProcessHookInvoker(Duration defaultTimeout, ProcessRunners runners, RunnerSettings settings) {
        this.defaultTimeout = Objects.requireNonNull(defaultTimeout, "defaultTimeout");
        if (defaultTimeout.isNegative()) {
            throw new IllegalArgumentException("jujube.hooks.invoker: timeoutSeconds must not be negative, got "
                    + defaultTimeout.toSeconds());
        }
        this.runner = runners.open(settings); // last: it makes cgroups, and nothing after it can fail
    }

    private static RunnerSettings settings(HookInvokerConfig config) {
        try {
            return new RunnerSettings(Duration.ofMillis(config.outputGraceMillis()), new OutputLimits(
                    config.maxOutputLines(), config.maxOutputLineBytes(), config.maxOutputBytes()), config.maxProcesses());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("jujube.hooks.invoker: " + e.getMessage(), e);
        }
    }

    /**
     * The spawner of highest ranking; Declarative Services binds its replacement before it unbinds the one
     * it replaces, so there is always one while the invoker is active.
     */
    @Reference(name = "spawner", policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindSpawner")
    void bindSpawner(ProcessSpawner next) {
        ProcessSpawner previous = spawner.getAndSet(Objects.requireNonNull(next, "spawner"));
        if (previous != next) {
            LOG.info("hooks are started by the {} spawner", next);
        }
    }

    void unbindSpawner(ProcessSpawner gone) {
        spawner.compareAndSet(gone, null);
    }

    /** Closes the runner: its pipes made ahead, its idle reader threads, its empty cgroups. */
    @Deactivate
    public void deactivate() {
        runner.close();
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
            result = resultOf(run(invocation, hook, output));
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

    private ProcessOutcome run(HookInvocation invocation, Path hook, HookOutput output) throws InterruptedException {
        ProcessSpawner current = spawner.get();
        if (current == null) {
            // only between deactivation and the last hook's end
            return new ProcessOutcome.StartFailed("no hook spawner");
        }
        Path leader = invocation.toolsDir().resolve(HookToolsInstaller.SESSION_LEADER);
        ProcessSpec spec = new ProcessSpec("jujube-" + ThreadNames.sanitize(invocation.unitName()) + "-hook",
                List.of(hook.toString()), HookEnvironment.of(invocation, agentPath), invocation.charmDir(),
                invocation.timeout().orElse(defaultTimeout), Optional.of(invocation.unitName()),
                Optional.of(leader).filter(Files::isExecutable));
        return runner.run(spec, current, output);
    }

    /** How a hook ended, in the words its operator reads ({@link HookResult}). */
    static HookResult resultOf(ProcessOutcome outcome) {
        if (outcome instanceof ProcessOutcome.Exited exited) {
            return exited.status() == 0 ? new HookResult.Succeeded() : HookResult.Failed.exitCode(exited.status());
        }
        if (outcome instanceof ProcessOutcome.Signalled signalled) {
            return HookResult.Failed.signal(signalled.signal());
        }
        if (outcome instanceof ProcessOutcome.TimedOut timedOut) {
            return HookResult.Failed.timedOut(timedOut.timeout());
        }
        if (outcome instanceof ProcessOutcome.ProcessLimitReached reached) {
            return new HookResult.Failed("reached the limit of " + reached.maxProcesses()
                    + " processes (maxProcesses): the unit's processes were killed");
        }
        if (outcome instanceof ProcessOutcome.OutputLimitPassed passed) {
            return new HookResult.Failed("wrote more than " + OutputLimits.describeBytes(passed.maxBytes())
                    + " of output (maxOutputBytes): killed");
        }
        if (outcome instanceof ProcessOutcome.StartRefused refused) {
            return new HookResult.Failed("could not record its process: " + refused.message());
        }
        return new HookResult.Failed("could not start: " + ((ProcessOutcome.StartFailed) outcome).message());
    }
}
