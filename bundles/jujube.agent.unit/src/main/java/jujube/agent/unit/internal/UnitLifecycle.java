package jujube.agent.unit.internal;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import jujube.workflow.ActionResult;
import jujube.workflow.UnitState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit's lifecycle (the original's {@code UnitLifecycle}): the work behind the unit workflow's
 * transitions, and which of its parts (hook execution, relation lifecycles) run. Driven by the agent's
 * one thread only, so it keeps its bookkeeping without locks.
 *
 * <p>Seed 001's flags: {@code start(fireHooks, startRelations)} runs the unit's setup when asked, then
 * (only once it succeeded) starts the relation lifecycles, moving "down" relations "up" when
 * {@code startRelations}; {@code stop(fireHooks, stopRelations)} stops the relation lifecycles, moving "up"
 * relations "down" when {@code stopRelations}, then runs the stop hook when asked.
 *
 * <p>The setup follows Go juju 3: -relation-created for each relation the unit is in already (peers
 * included), the first leadership hook ({@code leader-elected} on the leader, {@code leader-settings-changed}
 * on the others), then config-changed and start. Each step is persisted where its hook is (the relation's
 * hook queue, {@link StartedHooks}, the workflow), so a setup replayed after a kill runs only what is left;
 * a charm of the original juju has none of the new hooks and gets install, config-changed, start, as in the original.
 * Removal ends with Go juju's {@code remove} after stop ({@link #removeHook()}).
 */
final class UnitLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(UnitLifecycle.class);
    /** The workload status message of a unit whose agent started and has yet to install it, Go juju's. */
    static final String AGENT_INITIALIZING = "agent initializing";
    /** The workload status message while the install hook runs, Go juju's. */
    static final String INSTALLING = "installing charm software";
    private final String unit;
    private final UnitHooks hooks;
    private final RelationLifecyclesControl relations;
    private final CharmUpgrader upgrader;
    private final AppliedConfig config;
    private final Supplier<Map<String, Object>> serviceConfig;
    private final StartedHooks startedHooks;
    private final ElectionWait election;
    /** Sets the workload status as the agent sees it (status, message), until the charm sets one itself. */
    private final java.util.function.BiConsumer<String, String> agentStatus;
    private boolean relationsRunning;

    UnitLifecycle(String unit, UnitHooks hooks, RelationLifecyclesControl relations, CharmUpgrader upgrader,
            AppliedConfig config, Supplier<Map<String, Object>> serviceConfig, StartedHooks startedHooks,
            ElectionWait election, java.util.function.BiConsumer<String, String> agentStatus) {
        this.unit = unit;
        this.election = election;
        this.agentStatus = agentStatus;
        this.startedHooks = startedHooks;
        this.hooks = hooks;
        this.relations = relations;
        this.upgrader = upgrader;
        this.config = config;
        this.serviceConfig = serviceConfig;
    }

    ActionResult install() throws Exception {
        agentStatus.accept(jujube.model.WorkloadStatus.MAINTENANCE, INSTALLING);
        return hooks.run("install");
    }

    ActionResult start(boolean fireHooks, boolean startRelations) throws Exception {
        hooks.executor().start();
        if (fireHooks) {
            agentStatus.accept("maintenance", "starting");
            ActionResult leadership = setUp();
            if (!(leadership instanceof ActionResult.Success)) {
                return leadership;
            }
            ActionResult configured = configure();
            if (!(configured instanceof ActionResult.Success)) {
                return configured;
            }
            ActionResult started = hooks.run("start");
            if (!(started instanceof ActionResult.Success)) {
                return started;
            }
            // a charm that says nothing of its workload has an unknown one, as in Go juju
            agentStatus.accept(jujube.model.WorkloadStatus.UNKNOWN, "");
        }
        startRelations(startRelations);
        return ActionResult.success();
    }

    /**
     * {@code retry} from start_error: the failed hook counts as done. When it was the setup's leadership
     * hook (still recorded as running), config-changed and start have not run yet and run now; otherwise
     * start or config-changed failed and only the relations start.
     */
    ActionResult retryStart() throws Exception {
        if (startedHooks.running().isPresent()) {
            startedHooks.finished();
            return start(true, true);
        }
        return start(false, true);
    }

    /**
     * The setup's steps before config-changed: -relation-created of the relations the unit is in, then the
     * leadership hook due once the election has spoken; its failure fails the setup (start_error).
     */
    private ActionResult setUp() throws Exception {
        relations.setUp();
        election.await();
        java.util.Optional<String> hook = startedHooks.beginLeadership();
        return hook.isPresent() ? runStartedHook(hook.get()) : ActionResult.success();
    }

    ActionResult stop(boolean fireHooks, boolean stopRelations) throws Exception {
        stopRelations(stopRelations);
        return fireHooks ? hooks.run("stop") : ActionResult.success();
    }

    /** Runs config-changed, first recording the configuration it runs with (see {@link AppliedConfig}). */
    ActionResult configure() throws Exception {
        config.record(serviceConfig.get());
        return hooks.run("config-changed");
    }

    /** Whether the service's configuration changed since config-changed last ran. */
    boolean configPending() {
        return config.isPending(serviceConfig.get());
    }

    /** Whether a hook of the started unit is due (see {@link StartedHooks}). */
    boolean startedHookDue() {
        return startedHooks.due().isPresent();
    }

    /**
     * {@code run_hook}: the hook due (see {@link StartedHooks}), recorded before it runs; nothing when none is due any
     * more. A transition replayed after a kill runs the recorded hook again.
     */
    ActionResult startedHook() throws Exception {
        java.util.Optional<String> hook = startedHooks.begin();
        return hook.isPresent() ? runStartedHook(hook.get()) : ActionResult.success();
    }

    /** {@code retry_hook} from hook_error: the recorded hook again. */
    ActionResult retryStartedHook() throws Exception {
        java.util.Optional<String> hook = startedHooks.running();
        return hook.isPresent() ? runStartedHook(hook.get()) : ActionResult.success();
    }

    /** {@code retry} from hook_error: the failed hook is taken as done. */
    ActionResult skipStartedHook() throws Exception {
        startedHooks.finished();
        return ActionResult.success();
    }

    /** Asks for an update-status, which {@code run_hook} runs once no leadership hook is due. */
    void requestUpdateStatus() {
        startedHooks.requestUpdateStatus();
    }

    /** The started unit's hook last run, for the status history. */
    java.util.Optional<String> startedHookRan() {
        return startedHooks.lastHook();
    }

    private ActionResult runStartedHook(String hook) throws Exception {
        ActionResult result = hooks.run(hook);
        if (result instanceof ActionResult.Success) {
            startedHooks.finished();
        }
        return result;
    }

    /** The risky part of {@code upgrade_charm}: hook execution stops first and stays stopped. */
    ActionResult upgradeCharm() throws Exception {
        hooks.executor().stop();
        ActionResult result = upgrader.upgrade();
        if (result instanceof ActionResult.Success) {
            hooks.charmChanged(upgrader.currentCharm());
        }
        return result;
    }

    /** The end of a successful upgrade: upgrade-charm ahead of the queue, then hook execution again. */
    ActionResult upgradeHook(boolean fireHooks) throws Exception {
        ActionResult result = fireHooks ? hooks.runPriority("upgrade-charm") : ActionResult.success();
        if (result instanceof ActionResult.Success) {
            hooks.executor().start();
        }
        return result;
    }

    /** Whether the service runs another charm than the unit. */
    boolean upgradeDue() throws IOException {
        return upgrader.upgradeDue();
    }

    /**
     * A forced upgrade in an error state (the original's {@code upgrade_charm(fire_hooks=False,
     * force=True)}): no transition, no hook; hook execution is suspended meanwhile and then follows
     * {@code state} again.
     */
    ActionResult forceUpgrade(UnitState state) throws Exception {
        try {
            return upgradeCharm();
        } finally {
            align(state);
        }
    }

    /** Runs Go juju's {@code remove}, the last hook of a unit being removed (skipped by charms without it). */
    ActionResult removeHook() throws Exception {
        return hooks.run("remove");
    }

    /** Runs the stop hook outside the workflow (retiring a unit that is not cleanly started). */
    ActionResult stopHook() throws Exception {
        return hooks.run("stop");
    }

    /**
     * Departs every relation for good (unit removal): -relation-departed for each remote unit, then
     * -relation-broken; the hooks need hook execution.
     */
    void departAll() throws Exception {
        relationsRunning = false;
        hooks.executor().start();
        relations.departAll();
        if (Thread.currentThread().isInterrupted()) {
            // departAll returns early when interrupted: the unit is not retired yet
            throw new InterruptedException("stopped while departing the relations of " + unit);
        }
    }

    /**
     * Makes the running parts match the lifecycle table for a unit resting in {@code state}: hook
     * execution where it runs, relation lifecycles started (synced, no "down" to "up") where they run.
     */
    void align(UnitState state) throws InterruptedException {
        if (state.runsHookExecution()) {
            hooks.executor().start();
        } else {
            hooks.executor().stop();
        }
        if (state.runsRelations() && !relationsRunning) {
            startRelations(false);
        }
    }

    /** A clean agent stop: nothing moves, no hook fires; the relations stay as they are. */
    void suspend() throws InterruptedException {
        if (relationsRunning) {
            relations.stop(false);
            relationsRunning = false;
        }
        hooks.executor().stop();
    }

    boolean relationsRunning() {
        return relationsRunning;
    }

    private void startRelations(boolean startRelations) {
        LOG.debug("unit {}: starting relation lifecycles (down to up: {})", unit, startRelations);
        relations.start(startRelations);
        relationsRunning = true;
    }

    private void stopRelations(boolean stopRelations) {
        if (relationsRunning) {
            LOG.debug("unit {}: stopping relation lifecycles (up to down: {})", unit, stopRelations);
            relations.stop(stopRelations);
            relationsRunning = false;
        }
    }
}
