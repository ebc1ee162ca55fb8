package jujube.agent.unit.internal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import jujube.files.AtomicFiles;
import jujube.model.ResolvedMode;
import jujube.workflow.ActionResult;
import jujube.workflow.FireResult;
import jujube.workflow.UnitState;
import jujube.workflow.Workflow;
import jujube.workflow.WorkflowState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the agent does to its unit, each operation leaving the lifecycle parts aligned with the state
 * the workflow rests in: synchronize after a (re)start, resolved, relation-resolved, configure when the
 * service's configuration is pending, charm upgrade, and retirement. Called from the agent's thread only.
 */
final class UnitOperations {
    private static final Logger LOG = LoggerFactory.getLogger(UnitOperations.class);
    /** Stored states from which retiring runs the stop hook outside the workflow (best effort). */
    private static final Set<UnitState> STOP_HOOK_ON_RETIRE = Set.of(UnitState.START_ERROR,
            UnitState.CONFIGURE_ERROR, UnitState.HOOK_ERROR, UnitState.CHARM_UPGRADE_ERROR);
    /** Stored states, after the stop step, in which the stop hook ran: the remove hook follows it. */
    private static final Set<UnitState> STOP_HOOK_RAN = Set.of(UnitState.STOPPED, UnitState.STOP_ERROR);
    private final String unit;
    private final Workflow workflow;
    private final UnitLifecycle lifecycle;
    private final RelationLifecyclesControl relations;
    private final Path retiredMarker;
    private final Path removeHookMarker;
    private final UnitDebugLog debugLog;
    private final StatusHistory history;

    UnitOperations(String unit, Workflow workflow, UnitLifecycle lifecycle, RelationLifecyclesControl relations,
            Path retiredMarker, Path removeHookMarker, UnitDebugLog debugLog, StatusHistory history) {
        this.removeHookMarker = removeHookMarker;
        this.debugLog = debugLog;
        this.history = history;
        this.unit = unit;
        this.workflow = workflow;
        this.lifecycle = lifecycle;
        this.relations = relations;
        this.retiredMarker = retiredMarker;
    }

    /** Replays an in-flight transition or fires the automatic ones, then aligns the lifecycle parts. */
    void synchronize() throws Exception {
        FireResult result = workflow.synchronize();
        report(result);
        LOG.info("unit {}: synchronized in {}", unit, result.state());
        lifecycle.align(stored());
    }

    /**
     * An automatic retry of the failed hook: {@code retry_hook} when the unit is still in an error state
     * (resolved meanwhile, it is not).
     */
    void retryFailedHook() throws Exception {
        if (stored().isError()) {
            LOG.info("unit {}: retrying the failed hook of {}", unit, stored().stateName());
            fire("retry_hook");
        }
    }

    /** {@code resolved}: leaves an error state by {@code retry_hook} (hook run again) or {@code retry}. */
    void resolved(boolean retryHook) throws Exception {
        UnitState current = stored();
        if (!current.isError()) {
            LOG.info("unit {}: marked resolved but not in an error state ({}); nothing to do", unit,
                    current.stateName());
            return;
        }
        fire(retryHook ? "retry_hook" : "retry");
    }

    /** {@code relation-resolved}: handed to the relation lifecycles, keyed as the flag keys them. */
    void relationResolved(Map<String, ResolvedMode> byRelation) {
        byRelation.forEach((relation, mode) -> relations.resolve(relation, mode == ResolvedMode.RETRY_HOOK));
    }

    /**
     * Fires {@code configure} when the unit is started and its service's configuration changed since
     * config-changed last ran; changes seen in other states wait here until the unit is started.
     */
    void configureIfPending() throws Exception {
        if (stored() == UnitState.STARTED && lifecycle.configPending()) {
            fire("configure");
        }
    }

    /** Asks for update-status, which runs when the unit is started (see {@link #startedHookIfPending}). */
    void requestUpdateStatus() {
        lifecycle.requestUpdateStatus();
    }

    /** Fires {@code run_hook} when the unit is started and a hook of a started unit is due. */
    void startedHookIfPending() throws Exception {
        if (stored() == UnitState.STARTED && lifecycle.startedHookDue()) {
            fire("run_hook");
        }
    }

    /**
     * An upgrade request: {@code upgrade_charm} when started; a forced upgrade without hook or transition
     * in an error state; otherwise nothing (the request is dropped, as the original did).
     */
    void upgrade(boolean force) throws Exception {
        UnitState current = stored();
        if (current == UnitState.STARTED) {
            if (lifecycle.upgradeDue()) {
                fire("upgrade_charm");
            } else {
                LOG.info("unit {}: upgrade requested, but the unit runs its service's charm already", unit);
                debugLog.info("Upgrade ignored: already running latest charm");
            }
        } else if (current.isError() && force) {
            ActionResult result = lifecycle.forceUpgrade(current);
            LOG.info("unit {}: forced charm upgrade in {}: {}", unit, current.stateName(), result);
            if (result instanceof ActionResult.Success) {
                debugLog.info("Forced upgrade complete in " + current.stateName() + ": no upgrade-charm hook");
                history.record(current.stateName(), "upgrade-charm", "forced charm upgrade done: no upgrade-charm hook ran");
            } else {
                String why = result instanceof ActionResult.HookFailed failed ? failed.message() : result.toString();
                debugLog.error("Forced upgrade failed in " + current.stateName() + ": " + why);
                history.record(current.stateName(), "upgrade-charm", "forced charm upgrade failed: " + why);
            }
        } else {
            String message = "Cannot upgrade: unit is in non-started state " + current.stateName()
                    + ". Reissue upgrade command to try again.";
            LOG.warn("unit {}: {}", unit, message);
            debugLog.warning(message);
        }
    }

    /**
     * Retirement (unit removal), in Go juju's order: every relation departed (for each, -relation-departed
     * for each remote unit, then -relation-broken), then the stop hook (through {@code stop} when cleanly
     * started), then the remove hook wherever stop ran, then the marker {@code state/retired} written
     * atomically for the machine agent. Each step is persisted (hook queues, relation and unit workflows,
     * the marker {@code state/remove-hook-ran}), so a retirement cut by a kill resumes where it stopped:
     * departed relations are forgotten, a committed stop is not run again, nor a remove that ran. A failed
     * stop or remove is logged and the retirement goes on: nothing is left to retry against.
     */
    void retire() throws Exception {
        lifecycle.departAll();
        WorkflowState stored = workflow.state();
        UnitState current = UnitState.named(stored.state()).orElseThrow();
        boolean stopRan = STOP_HOOK_RAN.contains(current);
        if (current == UnitState.STARTED && stored.inFlight() == null) {
            report(workflow.fire("stop"));
            stopRan = true;
        } else if (current == UnitState.STARTED || STOP_HOOK_ON_RETIRE.contains(current)) {
            LOG.info("unit {}: retiring from {}: stop hook {}", unit, current.stateName(), lifecycle.stopHook());
            stopRan = true;
        }
        if (stopRan && !Files.exists(removeHookMarker)) {
            LOG.info("unit {}: retiring: remove hook {}", unit, lifecycle.removeHook());
            AtomicFiles.write(removeHookMarker, "remove hook ran\n".getBytes(StandardCharsets.UTF_8));
        }
        AtomicFiles.write(retiredMarker, "retired\n".getBytes(StandardCharsets.UTF_8));
        lifecycle.suspend();
        LOG.info("unit {}: retired", unit);
        debugLog.info("retired");
    }

    private void fire(String transition) throws Exception {
        report(workflow.fire(transition));
        lifecycle.align(stored());
    }

    private void report(FireResult result) {
        if (result instanceof FireResult.Failed failed) {
            LOG.warn("unit {}: {} failed: {}; now {}", unit, failed.transitionId(), failed.message(), failed.state());
            debugLog.error(failed.transitionId() + " failed: " + failed.message() + "; now " + failed.state());
        }
    }

    /** The workflow's stored state. */
    WorkflowState storedState() {
        return workflow.state();
    }

    private UnitState stored() {
        return UnitState.named(workflow.state().state()).orElseThrow();
    }
}
