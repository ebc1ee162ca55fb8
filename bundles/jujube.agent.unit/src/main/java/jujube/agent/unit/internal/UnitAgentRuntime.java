package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import jujube.agent.unit.internal.AgentSignals.Signal;
import jujube.files.AtomicFiles;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookExecutors;
import jujube.hooks.HookInvoker;
import jujube.hooks.UnitHookRunner;
import jujube.hooks.UnitHookRunners;
import jujube.hooks.UnitHookSetup;
import jujube.lib.threads.Threads;
import jujube.process.RecordedProcess;
import jujube.spi.CharmUpgradeHandler;
import jujube.lib.threads.Backoff;
import jujube.state.EnvironmentConfig;
import jujube.state.StateConnection;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.workflow.StateReplica;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.Workflow;
import jujube.workflow.WorkflowDefinition;
import jujube.workflow.WorkflowStore;
import jujube.workflow.Workflows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit agent without OSGi: its thread ({@code jujube-unit-<svc>-<n>}) builds the unit's parts (hook
 * runner and socket, hook executor, relation lifecycles, workflow), runs the {@link UnitAgentLoop} and,
 * when stopped, tears them down in reverse order without firing a hook or moving a state: a clean stop
 * leaves the unit (and its relations) where they are. Nothing here touches ZooKeeper on the caller's
 * thread, so a DS activation that starts one returns at once.
 *
 * <p>Before any part is built, every file of the unit's local state is checked ({@link UnitStateFiles}); a
 * corrupt one, found then or later (a hook runner's record, a relation's files, a configuration record),
 * stops the unit's parts and the agent waits for the operator's reset ({@link LocalStateRecovery}), then
 * builds them again from the rebuilt files.
 */
final class UnitAgentRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitAgentRuntime.class);
    private static final Duration JOIN_LIMIT = Duration.ofSeconds(60);

    /** The collaborators: services in a framework, real objects in tests. */
    record Collaborators(StateConnection state, HookInvoker invoker, HookExecutors executors, UnitHookRunners runners,
            ObjectMapper mapper, Supplier<Optional<CharmUpgradeHandler>> upgradeHandler, ScopeHandlers scopes,
            Function<RelationLifecycleContext, RelationLifecyclesControl> relations, Clock clock,
            DelayedActions delayed) {

        /** With the JDK's delayer timing the hook retries. */
        Collaborators(StateConnection state, HookInvoker invoker, HookExecutors executors, UnitHookRunners runners,
                ObjectMapper mapper, Supplier<Optional<CharmUpgradeHandler>> upgradeHandler, ScopeHandlers scopes,
                Function<RelationLifecycleContext, RelationLifecyclesControl> relations, Clock clock) {
            this(state, invoker, executors, runners, mapper, upgradeHandler, scopes, relations, clock,
                    DelayedActions.JDK);
        }
    }

    private final UnitAgentSettings settings;
    private final Collaborators with;
    /** All the agent and its hooks may read and change of the state. */
    private final UnitHandle unitState;
    private final AgentSignals signals = new AgentSignals();
    private final CorruptionReports corruption = new CorruptionReports(signals);
    private final UnitStateFiles files;
    private final LocalStateRecovery recovery;
    private final Thread thread;
    private volatile String workflowState;
    private volatile UnitAgentLoop loop;
    private volatile boolean retireRequested;
    private volatile boolean retired;

    UnitAgentRuntime(UnitAgentSettings settings, Collaborators collaborators) {
        this.settings = settings;
        this.with = collaborators;
        this.unitState = collaborators.state().unit(settings.unit());
        this.files = new UnitStateFiles(settings.stateDir(), collaborators.mapper());
        this.recovery = new LocalStateRecovery(settings, unitState, collaborators.mapper(),
                collaborators.clock(), signals, files);
        this.workflowState = storedStateName();
        UnitName unit = settings.unit();
        this.thread = Threads.daemon("jujube-unit-" + unit.service() + "-" + unit.number(), this::run);
    }

    void start() {
        thread.start();
    }

    /** Asks the agent to retire its unit (idempotent). */
    void retire() {
        retireRequested = true;
        signals.raise(Signal.RETIRE);
    }

    String workflowState() {
        return workflowState;
    }

    boolean isConnected() {
        UnitAgentLoop current = loop;
        return current != null ? current.isConnected() : recovery.isConnected();
    }

    /** Completed reconciliations of the running agent (0 before its first synchronize). */
    long reconciliations() {
        UnitAgentLoop current = loop;
        return current == null ? 0 : current.reconciliations();
    }

    boolean isRetired() {
        return retired;
    }

    /** Whether the agent's thread is done: the unit retired or gone, or the agent stopped or failed. */
    boolean hasEnded() {
        return !thread.isAlive();
    }

    /**
     * Stops the agent and waits for its thread to tear the unit's parts down. The work in progress (a hook
     * included) finishes first; only past {@link #JOIN_LIMIT} is the thread interrupted, which leaves the
     * transition in progress in flight, to be replayed at the next start as after a crash.
     */
    @Override
    public void close() {
        signals.stop();
        try {
            thread.join(JOIN_LIMIT.toMillis());
            if (thread.isAlive()) {
                LOG.warn("unit {}: agent still busy after {} s; interrupting it", settings.unit(), JOIN_LIMIT.toSeconds());
                thread.interrupt();
                thread.join(JOIN_LIMIT.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        // the machine agent makes the directory before it deploys the unit and removes it, in one rename,
        // only after the unit retired: an agent started without it is one whose removal has yet to reach
        // it, and must not make the directory again
        if (!Files.isDirectory(settings.unitDir())) {
            LOG.info("unit {}: its directory {} is gone, the unit removed; idle until its deployment goes",
                    settings.unit(), settings.unitDir());
            return;
        }
        if (Files.exists(settings.retiredMarker())) {
            LOG.info("unit {}: retired already; idle until removed", settings.unit());
            retired = true;
            return;
        }
        List<LocalStateProblem> found = List.of();
        boolean done = false;
        try {
            while (!signals.isStopped()) {
                List<LocalStateProblem> problems = found.isEmpty() ? files.check() : found;
                if (problems.isEmpty() && found.isEmpty()) {
                    problems = disagreements();
                }
                found = List.of();
                if (problems.isEmpty()) {
                    try {
                        done = runUnit() == Ending.RETIRED;
                        break;
                    } catch (LocalStateException e) {
                        found = e.problems();
                        continue;
                    }
                }
                workflowState = UnitInfo.LOCAL_STATE_ERROR;
                LocalStateRecovery.Result result = recovery.recover(problems, () -> retireRequested);
                if (result != LocalStateRecovery.Result.RESET) {
                    done = result == LocalStateRecovery.Result.RETIRED;
                    break;
                }
                workflowState = storedStateName();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // only now, with its parts closed: whoever sees the agent retired sees it let go of everything
        retired = done;
    }

    /**
     * What the environment contradicts of the unit's local state ({@link StateAgreement}), read again with
     * {@link Backoff#AGENT} while ZooKeeper cannot be read; nothing once the agent stops or is asked to
     * retire the unit (its retirement reads its files as they are).
     */
    private List<LocalStateProblem> disagreements() throws InterruptedException {
        Duration delay = Backoff.AGENT.first();
        StateAgreement agreement = new StateAgreement(settings.unit(), files, unitState, with.mapper());
        while (true) {
            try {
                return agreement.check();
            } catch (StateException e) {
                LOG.warn("unit {}: cannot check its local state against the environment's: {}; trying again in {} ms",
                        settings.unit(), e.getMessage(), delay.toMillis());
                if (signals.await(delay, Set.of(Signal.RETIRE))) {
                    return List.of();
                }
                delay = Backoff.AGENT.next(delay);
            }
        }
    }

    /** How running the unit ended. */
    private enum Ending { RETIRED, STOPPED, FAILED }

    /**
     * Builds the unit's parts and runs its loop until the agent stops or the unit retires.
     *
     * @throws LocalStateException when a file of the unit's local state is corrupt (the parts closed)
     */
    private Ending runUnit() {
        try (Parts parts = new Parts()) {
            parts.build();
            HookRetries retries = new HookRetries(settings.unit(), unitState, settings.hookRetryBackoff(),
                    with.delayed(), with.clock(), () -> signals.raise(Signal.RETRY));
            UnitAgentLoop current = new UnitAgentLoop(settings.unit(), unitState, parts.operations, signals,
                    parts.debugLog, retries, corruption, DelayedActions.JDK, parts.election);
            parts.loop = current;
            loop = current;
            return current.run() ? Ending.RETIRED : Ending.STOPPED;
        } catch (InterruptedException | java.io.InterruptedIOException e) {
            // stopped, possibly while waiting for a hook an earlier agent left running
            Thread.currentThread().interrupt();
            return Ending.STOPPED;
        } catch (LocalStateException e) {
            throw e;
        } catch (Exception e) {
            Optional<LocalStateProblem> corrupt = LocalStateProblem.in(e);
            if (corrupt.isPresent()) {
                throw new LocalStateException(List.of(corrupt.get()));
            }
            LOG.error("unit {}: agent failed to start and stays inactive until reconfigured", settings.unit(), e);
            return Ending.FAILED;
        } finally {
            loop = null;
        }
    }

    /** What status says of a unit whose agent waits for {@code hook}. */
    static String waitingInfo(RecordedProcess hook) {
        return "waiting for hook " + hook.name() + " (pid " + hook.pid() + "), left running by the previous agent, to end";
    }

    /** The stored unit workflow state, or {@link UnitInfo#LOCAL_STATE_ERROR} when it cannot be read. */
    private String storedStateName() {
        try {
            return store().load().state();
        } catch (jujube.workflow.CorruptStateFileException e) {
            return UnitInfo.LOCAL_STATE_ERROR; // the agent's thread reports it
        }
    }

    private WorkflowStore store() {
        return Workflows.fileStore(settings.stateDir().resolve("unit.json"), UnitWorkflow.DEFINITION, with.mapper());
    }

    /** The unit's parts, closed in reverse order of creation on the agent's thread. */
    private final class Parts implements AutoCloseable {
        private UnitHookRunner runner;
        private HookExecutor executor;
        private RelationLifecyclesControl relations;
        private UnitLifecycle lifecycle;
        private UnitOperations operations;
        private UnitAgentLoop loop;
        private UnitDebugLog debugLog;
        private UnitCommands commands;
        private UnitTasks tasks;
        private ElectionWait election;

        void build() throws Exception {
            UnitName unit = settings.unit();
            debugLog = new UnitDebugLog(unitState.debugLogPublisher(), unit.toString(), with.clock());
            Files.createDirectories(settings.stateDir());
            // a kill -9 between a write's temp file and its rename leaves the temp file: litter, never read
            AtomicFiles.sweepStaleTemps(settings.stateDir(), Instant.now()); // file times: system clock
            HookInvoker invoker = settings.hookTimeout().<HookInvoker>map(t -> new TimeoutHookInvoker(with.invoker(), t))
                    .orElse(with.invoker());
            runner = with.runners().start(UnitHookSetup.of(unitState, invoker, settings.unitDir(),
                    settings.charmDir(), with.mapper()).onMachine(settings.machineId()), this::waitingFor);
            executor = with.executors().newExecutor(unit.toString());
            relations = with.relations().apply(new RelationLifecycleContext(unitState, unit, unit.service(),
                    settings.stateDir(), with.mapper(), runner, executor, with.scopes(), new RelationHookRetries(
                            () -> EnvironmentConfig.automaticallyRetryHooks(unitState.environmentConfig()),
                            settings.hookRetryBackoff(), with.delayed()), corruption::report));
            CharmUpgrader upgrader = new CharmUpgrader(unitState, settings, with.upgradeHandler(), with.mapper());
            // the hooks run with the charm of the unit's local record: a unit removed while its agent was
            // down (its node gone) still runs its stop and -broken hooks. Not fatal: without the record the
            // hooks read the unit's node
            try {
                upgrader.rememberCharm().ifPresent(runner::charmChanged);
            } catch (IOException e) {
                LOG.warn("unit {}: could not record its charm locally: {}", unit, e.getMessage());
            }
            AppliedConfig config = new AppliedConfig(settings.stateDir().resolve("config.json"), with.mapper());
            StartedHooks leadership = new StartedHooks(files.startedHooks(), with.mapper(), unitState.leadership());
            election = new ElectionWait(unit, unitState.leadership());
            lifecycle = new UnitLifecycle(unit.toString(), new UnitHooks(runner, executor), relations, upgrader, config,
                    () -> unitState.serviceConfig(), leadership, election, this::agentStatus);
            StateReplica zk = new UnitStateReplica(unitState);
            Workflow workflow = Workflows.open(unit.toString(), UnitWorkflow.DEFINITION, store(),
                    new PublishedHistory(Workflows.fileHistory(settings.stateDir().resolve("unit.history"), with.mapper(),
                            with.clock()), unitState, with.clock(), lifecycle::startedHookRan),
                    state -> {
                        workflowState = state.state();
                        zk.replicate(state);
                        debugLog.workflow(state);
                    },
                    new UnitTransitions(lifecycle));
            if (WorkflowDefinition.INITIAL.equals(storedStateName())) {
                // Go juju's uniter says so as it starts, replacing "waiting for machine", until install runs
                agentStatus(jujube.model.WorkloadStatus.WAITING, UnitLifecycle.AGENT_INITIALIZING);
            }
            StatusHistory history = new StatusHistory(unitState, with.clock());
            operations = new UnitOperations(unit.toString(), workflow, lifecycle, relations, settings.retiredMarker(),
                    settings.removeHookMarker(), debugLog, history);
            commands = new UnitCommands(unitState, unit, runner, executor, history);
            commands.start();
            tasks = new UnitTasks(unitState, unit, runner, executor);
            tasks.start();
        }

        /**
         * Says in status why the unit does nothing while its runner waits for a hook the previous agent left
         * running: the unit's stored state with the hook and its pid as its info. The workflow's first
         * synchronize replicates the state again, which clears it. Best effort: the wait goes on regardless.
         */
        private void waitingFor(RecordedProcess hook) {
            try {
                unitState.setWorkflowState(storedStateName(), waitingInfo(hook));
            } catch (StateException e) {
                LOG.debug("unit {}: could not say it waits for {}: {}", settings.unit(), hook.name(), e.getMessage());
            }
        }

        /**
         * Sets the workload status as the agent sees it, unless the charm set one, and records a change in the
         * status history as a charm's {@code status-set} is recorded ({@code workload:<status>}), with no hook.
         * Best effort: a status the state cannot take now is not worth failing a hook for.
         */
        private void agentStatus(String status, String message) {
            try {
                jujube.model.WorkloadStatus set = new jujube.model.WorkloadStatus(status, message, with.clock().instant());
                if (unitState.setWorkloadStatus(set, false)) {
                    unitState.recordStatus(new jujube.model.StatusEntry(set.since(), "workload:" + status, "", message));
                }
            } catch (StateException e) {
                LOG.debug("unit {}: workload status {} not set: {}", settings.unit(), status, e.getMessage());
            }
        }

        @Override
        public void close() {
            // a last-resort interrupt must not cut the teardown short: it waits for the hook in progress
            boolean interrupted = Thread.interrupted();
            closeQuietly(loop);
            closeQuietly(commands);
            closeQuietly(tasks);
            if (lifecycle != null) {
                try {
                    lifecycle.suspend();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (RuntimeException e) {
                    LOG.warn("unit {}: stopping the relation lifecycles failed", settings.unit(), e);
                }
            }
            closeQuietly(relations);
            closeQuietly(executor);
            closeQuietly(runner);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private void closeQuietly(AutoCloseable part) {
            if (part == null) {
                return;
            }
            try {
                part.close();
            } catch (Exception e) {
                LOG.warn("unit {}: closing {} failed", settings.unit(), part.getClass().getSimpleName(), e);
            }
        }
    }
}
