package jujube.agent.unit.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import jujube.agent.unit.internal.AgentSignals.Signal;
import jujube.lib.threads.Backoff;
import jujube.model.NoSuchUnitException;
import jujube.state.Presence;
import jujube.model.ResolvedMode;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.StatusEntry;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A unit agent whose unit's local state is corrupt runs nothing of the unit: it announces itself, shows the
 * unit in {@link UnitInfo#LOCAL_STATE_ERROR} with the corrupt files and their problems as status's
 * {@code agent-state-info} (and an entry of {@code status-history}), logs that once, and waits on its own
 * thread for one of three things (answering the unit's {@code jujube exec} requests meanwhile as not run,
 * {@link RefusedRuns}): the operator's {@code jujube resolved --reset-state} (its resolved flag
 * with {@link ResolvedMode#RESET_STATE}), the unit's retirement, or the agent's stop. Nothing else of the
 * unit's is retried meanwhile, and the other units of the machine are not concerned. ZooKeeper away is
 * retried with {@link Backoff#AGENT}.
 */
final class LocalStateWait implements AutoCloseable {
    /** How the wait ended. */
    enum Outcome {
        /** The operator asked for a reset; the flag stays set until it is done. */
        RESET,
        /** The unit is being removed. */
        RETIRE,
        /** The agent stops. */
        STOPPED
    }

    private static final Logger LOG = LoggerFactory.getLogger(LocalStateWait.class);
    /** Status names this many corrupt files at most: one line, whatever the damage. */
    static final int SHOWN = 3;
    private final UnitName unit;
    private final Path unitDir;
    private final UnitHandle state;
    private final AgentSignals signals;
    private final Clock clock;
    private final HeldPresence presence = new HeldPresence();
    private Watch flagsWatch;
    private RefusedRuns runs;
    private boolean retiring;

    LocalStateWait(UnitName unit, Path unitDir, UnitHandle state, AgentSignals signals, Clock clock) {
        this.unit = unit;
        this.unitDir = unitDir;
        this.state = state;
        this.signals = signals;
        this.clock = clock;
    }

    /**
     * What status shows: each corrupt file with its problem (the first {@link #SHOWN}, then how many more), then
     * how to recover.
     */
    static String info(UnitName unit, Path unitDir, List<LocalStateProblem> problems) {
        String shown = problems.stream().limit(SHOWN).map(p -> p.describe(unitDir)).collect(Collectors.joining("; "));
        String more = problems.size() > SHOWN ? "; and " + (problems.size() - SHOWN) + " more corrupt files" : "";
        return shown + more + "; reset with: jujube resolved --reset-state " + unit;
    }

    /**
     * Shows the problems and waits.
     *
     * @param note said after the problems when not empty: why an earlier reset did not happen
     */
    Outcome await(List<LocalStateProblem> problems, String note) throws InterruptedException {
        String info = info(unit, unitDir, problems) + (note.isEmpty() ? "" : " (" + note + ")");
        LOG.error("unit {}: local state corrupt, none of its hooks runs until it is reset: {}", unit, info);
        Set<Signal> pending = EnumSet.of(Signal.FLAGS);
        pending.addAll(signals.drain());
        boolean published = false;
        Duration delay = Backoff.AGENT.first();
        while (!signals.isStopped()) {
            if (pending.contains(Signal.RETIRE)) {
                retiring = true;
                return Outcome.RETIRE;
            }
            try {
                if (!presence.isHeld()) {
                    presence.hold(state.connectAgent());
                }
                if (!published) {
                    state.setWorkflowState(UnitInfo.LOCAL_STATE_ERROR, info);
                    state.recordStatus(new StatusEntry(clock.instant(), UnitInfo.LOCAL_STATE_ERROR, "", info));
                    published = true;
                }
                if (flagsWatch == null) {
                    flagsWatch = state.watchFlags(change -> signals.raise(Signal.FLAGS));
                }
                if (runs == null) {
                    runs = new RefusedRuns(state, unit, "not run: the local state of " + unit + " is corrupt ("
                            + info + ")");
                }
                if (pending.remove(Signal.FLAGS)) {
                    Optional<ResolvedMode> resolved = state.flags().resolved();
                    if (resolved.equals(Optional.of(ResolvedMode.RESET_STATE))) {
                        return Outcome.RESET;
                    }
                    if (resolved.isPresent()) {
                        LOG.info("unit {}: marked resolved, which does not repair local state; waiting for "
                                + "jujube resolved --reset-state {}", unit, unit);
                        state.clearResolved();
                    }
                }
                delay = Backoff.AGENT.first();
                pending.addAll(signals.take());
            } catch (NoSuchUnitException removed) {
                // remove-unit deleted the node: the machine agent asks for the retirement next
                LOG.info("unit {}: removed while its local state is corrupt; waiting to be retired", unit);
                signals.await(Duration.ofHours(1), Set.of(Signal.RETIRE));
                pending.addAll(signals.drain());
            } catch (StateException e) {
                LOG.warn("unit {}: cannot show its corrupt local state yet, retrying in {} ms: {}", unit,
                        delay.toMillis(), e.getMessage());
                signals.await(delay, Set.of(Signal.RETIRE));
                pending.addAll(signals.drain());
                pending.add(Signal.FLAGS);
                delay = Backoff.AGENT.next(delay);
            }
        }
        return Outcome.STOPPED;
    }

    /** Whether the agent's presence node exists under a live session. */
    boolean isConnected() {
        return presence.isConnected(state);
    }

    /**
     * Stops watching; the presence goes when the unit retires, else it is handed to the agent's next part (the
     * unit started after a reset) without a gap status could show as down.
     */
    @Override
    public void close() {
        if (flagsWatch != null) {
            flagsWatch.close();
        }
        if (runs != null) {
            runs.close();
        }
        Presence current = presence.take();
        if (current != null) {
            if (retiring) {
                current.close();
            } else {
                current.release();
            }
        }
    }
}
