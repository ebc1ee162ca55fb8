package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import jujube.agent.unit.internal.AgentSignals.Signal;
import jujube.lib.threads.Backoff;
import jujube.state.EnvironmentConfig;
import jujube.model.NoSuchUnitException;
import jujube.state.Presence;
import jujube.state.ServiceLeadership;
import jujube.model.StateException;
import jujube.model.ResolvedMode;
import jujube.state.UnitHandle;
import jujube.model.UnitFlags;
import jujube.model.UnitName;
import jujube.state.Watch;
import jujube.workflow.UnitState;
import jujube.workflow.WorkflowState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit agent's reconcile loop, run on the agent's own thread: announce the agent, synchronize the
 * workflow (replaying an in-flight transition or firing the automatic ones) and align the lifecycle parts
 * with the stored state, then react to the unit's flags and the service's configuration as their watches
 * signal. Unexpected failures (ZooKeeper away, an action that threw) are caught here once, logged, and
 * the whole reconciliation is retried with a doubling delay; a transition left in flight is replayed by
 * the next synchronize, as after a crash. A corrupt file of the unit's local state is not retried: it ends
 * the loop ({@link LocalStateException}) for the agent to wait for the operator's reset.
 */
final class UnitAgentLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitAgentLoop.class);
    private static final Backoff RECOVERY = Backoff.AGENT;
    private final UnitName unit;
    private final UnitHandle state;
    private final UnitOperations operations;
    private final AgentSignals signals;
    private final UnitDebugLog debugLog;
    private final HookRetries hookRetries;
    private final CorruptionReports corruption;
    private final HeldPresence presence = new HeldPresence();
    private volatile boolean retired;
    private final AtomicLong reconciliations = new AtomicLong();
    private Watch flagsWatch;
    private Watch configWatch;
    private Watch environmentWatch;
    private Watch leaderSettingsWatch;
    private ServiceLeadership.Campaign campaign;
    private boolean campaignRefused;
    /** The next update-status, while the unit is started; the interval it was scheduled with. */
    private DelayedActions.Scheduled updateStatus;
    private Duration updateStatusEvery;
    private final DelayedActions timers;
    /** Told of the campaign's news, for the unit's setup (which runs inside the first synchronize). */
    private final ElectionWait election;

    UnitAgentLoop(UnitName unit, UnitHandle state, UnitOperations operations, AgentSignals signals,
            UnitDebugLog debugLog, HookRetries hookRetries, CorruptionReports corruption, DelayedActions timers,
            ElectionWait election) {
        this.unit = unit;
        this.election = election;
        this.timers = timers;
        this.corruption = corruption;
        this.debugLog = debugLog;
        this.state = state;
        this.operations = operations;
        this.signals = signals;
        this.hookRetries = hookRetries;
    }

    /**
     * Runs until the agent is stopped (returns false) or the unit retired (returns true).
     *
     * @throws LocalStateException when a file of the unit's local state is found corrupt: retrying could not
     *     help, the operator must reset it
     */
    boolean run() throws InterruptedException {
        Set<Signal> pending = EnumSet.of(Signal.FLAGS, Signal.CONFIG);
        pending.addAll(signals.drain()); // a retirement asked for before the start skips the synchronize
        boolean synced = false;
        Duration delay = RECOVERY.first();
        while (!signals.isStopped()) {
            try {
                List<LocalStateProblem> reported = pending.remove(Signal.CORRUPT) ? corruption.take() : List.of();
                if (!reported.isEmpty()) {
                    throw new LocalStateException(reported);
                }
                if (!presence.isHeld()) {
                    presence.hold(connect(pending.contains(Signal.RETIRE)));
                }
                if (pending.contains(Signal.RETIRE)) {
                    operations.retire();
                    retired = true;
                    return true;
                }
                if (!synced) {
                    // before the setup (install, ..., leader-elected, config-changed, start) may run in it
                    campaign();
                    operations.synchronize();
                    synced = true;
                    startWatches();
                }
                if (pending.remove(Signal.FLAGS)) {
                    handleFlags(state.flags());
                }
                // after the flags: an operator's resolved wins over the timer
                if (pending.remove(Signal.RETRY) && hookRetries.takeDue() && automaticallyRetryHooks()) {
                    operations.retryFailedHook();
                }
                pending.remove(Signal.CONFIG);
                operations.configureIfPending();
                if (pending.remove(Signal.UPDATE_STATUS)) {
                    updateStatus = null;
                    operations.requestUpdateStatus();
                }
                boolean environmentChanged = pending.remove(Signal.ENVIRONMENT);
                pending.remove(Signal.LEADERSHIP);
                operations.startedHookIfPending();
                WorkflowState stored = operations.storedState();
                scheduleUpdateStatus(UnitState.named(stored.state()).orElse(null) == UnitState.STARTED,
                        environmentChanged);
                hookRetries.settled(stored, UnitState.named(stored.state()).map(UnitState::isError).orElse(false)
                        && automaticallyRetryHooks());
                delay = RECOVERY.first();
                reconciliations.incrementAndGet();
                pending.addAll(signals.take());
            } catch (InterruptedException | LocalStateException e) {
                throw e;
            } catch (Exception e) {
                Optional<LocalStateProblem> corrupt = LocalStateProblem.in(e);
                if (corrupt.isPresent()) {
                    throw new LocalStateException(List.of(corrupt.get()));
                }
                if (signals.isStopped()) {
                    // the stop cut a hook retry's backoff short; the transition stays in flight for the next start
                    LOG.debug("unit {}: stopped during {}", unit, e.toString());
                    break;
                }
                // a transition left in flight needs a synchronize (harmless otherwise); flags and config
                // are read afresh, so no request is lost with the failed attempt
                LOG.warn("unit {}: reconciliation failed, retrying in {} ms: {}", unit, delay.toMillis(), e.toString());
                LOG.debug("unit {}: reconciliation failure", unit, e);
                debugLog.error("reconciliation failed, retrying in " + delay.toMillis() + " ms: " + e);
                synced = false;
                pending.addAll(EnumSet.of(Signal.FLAGS, Signal.CONFIG));
                signals.await(delay, Set.of(Signal.RETIRE));
                pending.addAll(signals.drain());
                delay = RECOVERY.next(delay);
            }
        }
        return false;
    }

    /**
     * Announces the agent. A unit removed while its agent was away (remove-unit deletes the node before
     * the agent retires the unit, and a machine agent may restart in between) has no node to hold the
     * presence: retiring goes on without it, or the unit would never be retired.
     */
    private Presence connect(boolean retiring) {
        try {
            return state.connectAgent();
        } catch (NoSuchUnitException removed) {
            if (!retiring) {
                throw removed;
            }
            LOG.info("unit {}: removed while its agent was away: retiring without presence", unit);
            return null;
        }
    }

    /** Whether the agent's presence node exists under a live session. */
    boolean isConnected() {
        return presence.isConnected(state);
    }

    /** How many reconciliations completed: observers await a quiet agent by it (tests, status). */
    long reconciliations() {
        return reconciliations.get();
    }

    /** Stands the unit for its service's leadership, once per agent (a refusal is final too). */
    private void campaign() {
        if (campaign == null && !campaignRefused) {
            try {
                campaign = state.leadership().campaign(leader -> {
                    signals.raise(Signal.LEADERSHIP);
                    election.changed();
                });
            } catch (NoSuchUnitException e) {
                throw e;
            } catch (StateException e) {
                if (state.connectionState() != jujube.state.ConnectionState.CONNECTED) {
                    throw e; // ZooKeeper away: the reconciliation is tried again
                }
                campaignRefused = true;
                election.notStanding();
                LOG.warn("unit {}: does not stand for leadership: {}", unit, e.getMessage());
                debugLog.warning("not standing for leadership: " + e.getMessage());
            }
        }
    }

    private void startWatches() {
        if (flagsWatch == null) {
            flagsWatch = state.watchFlags(change -> signals.raise(Signal.FLAGS));
        }
        if (configWatch == null) {
            configWatch = state.watchServiceConfig(change -> signals.raise(Signal.CONFIG));
        }
        if (environmentWatch == null) {
            environmentWatch = state.watchEnvironmentConfig(change -> signals.raise(Signal.ENVIRONMENT));
        }
        if (leaderSettingsWatch == null && !campaignRefused) {
            leaderSettingsWatch = state.leadership().watchSettings(change -> signals.raise(Signal.LEADERSHIP));
        }
    }

    /**
     * Keeps one update-status timer while the unit is started, at the environment's interval (a changed
     * interval starts the timer again); none otherwise. The environment is read only when a timer is to be
     * made or it changed, not at every reconciliation.
     */
    private void scheduleUpdateStatus(boolean started, boolean environmentChanged) {
        if (!started) {
            if (updateStatus != null) {
                updateStatus.cancel();
                updateStatus = null;
            }
            return;
        }
        if (updateStatus != null && !environmentChanged) {
            return;
        }
        Duration every = EnvironmentConfig.updateStatusInterval(state.environmentConfig());
        if (updateStatus != null && every.equals(updateStatusEvery)) {
            return;
        }
        if (updateStatus != null) {
            updateStatus.cancel();
        }
        updateStatusEvery = every;
        updateStatus = timers.schedule(every, () -> signals.raise(Signal.UPDATE_STATUS));
    }

    /** The environment's {@code automatically-retry-hooks}, read when it matters (in an error state). */
    private boolean automaticallyRetryHooks() {
        return EnvironmentConfig.automaticallyRetryHooks(state.environmentConfig());
    }

    /**
     * Acts on the operator's flags. The upgrade flag is cleared at once (a request, not a state); resolved
     * flags are cleared once acted on, so a crash in between acts again on the next start.
     */
    private void handleFlags(UnitFlags flags) throws Exception {
        if (flags.upgrade().isPresent()) {
            state.clearUpgrade();
        }
        if (flags.resolved().isPresent()) {
            if (flags.resolved().get() == ResolvedMode.RESET_STATE) {
                // its local state was reset, or found sound, before this flag was seen
                LOG.info("unit {}: asked to reset its local state, which is not corrupt; nothing to do", unit);
            } else {
                operations.resolved(flags.resolved().get() == ResolvedMode.RETRY_HOOK);
            }
            state.clearResolved();
        }
        if (!flags.relationResolved().isEmpty()) {
            operations.relationResolved(flags.relationResolved());
            state.clearRelationResolved();
        }
        if (flags.upgrade().isPresent()) {
            operations.upgrade(flags.upgrade().get().force());
        }
    }

    /**
     * Stops the watches and withdraws the agent's presence: removed once the unit retired, otherwise
     * released for a successor agent in this process (a reactivation after a bundle update), so the unit's
     * status does not flicker to down.
     */
    @Override
    public void close() {
        hookRetries.close();
        if (updateStatus != null) {
            updateStatus.cancel();
        }
        for (Watch watch : new Watch[] {flagsWatch, configWatch, environmentWatch, leaderSettingsWatch}) {
            if (watch != null) {
                watch.close();
            }
        }
        if (campaign != null) {
            // a retired unit withdraws at once; a stopping agent leaves its lead to a successor in the process
            if (retired) {
                campaign.close();
            } else {
                campaign.release();
            }
        }
        Presence current = presence.take();
        if (current == null) {
            return;
        }
        if (retired) {
            current.close();
        } else {
            current.release();
        }
    }
}
