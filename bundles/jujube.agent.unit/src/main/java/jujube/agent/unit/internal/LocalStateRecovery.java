package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import jujube.agent.unit.internal.AgentSignals.Signal;
import jujube.files.AtomicFiles;
import jujube.lib.threads.Backoff;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.StatusEntry;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.Workflows;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a unit agent does, on its own thread, about its unit's corrupt local state: shows it and waits
 * ({@link LocalStateWait}); on the operator's request resets it ({@link LocalStateReset}), records that in
 * the unit's status history and clears the request, a failed reset being retried with {@link Backoff#AGENT}
 * while the request stands; when the unit is removed meanwhile, retires it without hooks.
 */
final class LocalStateRecovery {
    /** How a recovery ended. */
    enum Result {
        /** The corrupt files were set aside and rebuilt: the unit can run again. */
        RESET,
        /** The unit was removed and is retired: its marker is written. */
        RETIRED,
        /** The agent stops (or the retired marker could not be written: the next start tries again). */
        STOPPED
    }

    private static final Logger LOG = LoggerFactory.getLogger(LocalStateRecovery.class);
    private final UnitAgentSettings settings;
    private final UnitHandle state;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final AgentSignals signals;
    private final UnitStateFiles files;
    private volatile LocalStateWait waiting;

    LocalStateRecovery(UnitAgentSettings settings, UnitHandle state, ObjectMapper mapper, Clock clock,
            AgentSignals signals, UnitStateFiles files) {
        this.settings = settings;
        this.state = state;
        this.mapper = mapper;
        this.clock = clock;
        this.signals = signals;
        this.files = files;
    }

    /** Shows {@code problems} and waits for a reset, the unit's retirement or the agent's stop. */
    Result recover(List<LocalStateProblem> problems, BooleanSupplier retireRequested) throws InterruptedException {
        String note = "";
        Duration delay = Backoff.AGENT.first();
        while (true) {
            LocalStateWait.Outcome outcome = retireRequested.getAsBoolean() ? LocalStateWait.Outcome.RETIRE
                    : await(problems, note);
            if (outcome == LocalStateWait.Outcome.STOPPED) {
                return Result.STOPPED;
            }
            if (outcome == LocalStateWait.Outcome.RETIRE) {
                return retireWithoutHooks(problems) ? Result.RETIRED : Result.STOPPED;
            }
            try {
                reset(problems);
                return Result.RESET;
            } catch (IOException | RuntimeException e) { // a StateException (ZooKeeper away) touched no file
                note = "the last reset failed: " + (e.getMessage() == null ? e.toString() : e.getMessage());
                LOG.warn("unit {}: {}; trying again in {} ms", settings.unit(), note, delay.toMillis());
                if (signals.await(delay, Set.of(Signal.RETIRE))) {
                    return Result.STOPPED;
                }
                delay = Backoff.AGENT.next(delay);
            }
        }
    }

    /** Whether the agent's presence node exists under a live session while it waits. */
    boolean isConnected() {
        LocalStateWait current = waiting;
        return current != null && current.isConnected();
    }

    private LocalStateWait.Outcome await(List<LocalStateProblem> problems, String note) throws InterruptedException {
        try (LocalStateWait wait = new LocalStateWait(settings.unit(), settings.unitDir(), state, signals, clock)) {
            waiting = wait;
            return wait.await(problems, note);
        } finally {
            waiting = null;
        }
    }

    private void reset(List<LocalStateProblem> problems) throws IOException {
        String done = String.join("; ", new LocalStateReset(settings.unit(), settings.unitDir(), files, state, mapper,
                clock).reset(problems));
        LOG.info("unit {}: local state reset: {}", settings.unit(), done);
        try {
            String now = Workflows.fileStore(files.unitWorkflow(), UnitWorkflow.DEFINITION, mapper).load().state();
            state.recordStatus(new StatusEntry(clock.instant(), now, "",
                    "local state reset: " + done));
        } catch (StateException | CorruptStateFileException e) {
            LOG.debug("unit {}: reset not recorded in its status history: {}", settings.unit(), e.getMessage());
        }
        try {
            state.clearResolved();
        } catch (StateException e) {
            // the unit's loop clears it: a reset asked of sound state does nothing
            LOG.debug("unit {}: reset request not cleared yet: {}", settings.unit(), e.getMessage());
        }
    }

    /**
     * The unit is removed while its local state is corrupt: the hooks of its retirement (each relation
     * departed and broken, stop) cannot run from that state, so it retires without them (its memberships went
     * with its node). Returns whether the retired marker was written.
     */
    private boolean retireWithoutHooks(List<LocalStateProblem> problems) {
        try {
            AtomicFiles.write(settings.retiredMarker(), "retired\n".getBytes(StandardCharsets.UTF_8));
            LOG.warn("unit {}: retired without its stop and relation hooks, as its local state is corrupt: {}",
                    settings.unit(), LocalStateWait.info(settings.unit(), settings.unitDir(), problems));
            return true;
        } catch (IOException e) {
            LOG.error("unit {}: cannot write its retired marker {}: {}", settings.unit(), settings.retiredMarker(),
                    e.getMessage());
            return false;
        }
    }
}
