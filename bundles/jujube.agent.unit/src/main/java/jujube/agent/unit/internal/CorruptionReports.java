package jujube.agent.unit.internal;

import java.util.ArrayList;
import java.util.List;
import jujube.agent.unit.internal.AgentSignals.Signal;

/**
 * Corrupt files of the unit's local state found off the agent's thread (a relation's files, read when a
 * relations watch finds a relation new to the agent): handed to the agent's loop by a signal, so that the
 * loop stops the unit as it does for what it finds itself.
 */
final class CorruptionReports {
    private final AgentSignals signals;
    private final List<LocalStateProblem> reported = new ArrayList<>();

    CorruptionReports(AgentSignals signals) {
        this.signals = signals;
    }

    void report(LocalStateProblem problem) {
        synchronized (this) {
            reported.add(problem);
        }
        signals.raise(Signal.CORRUPT);
    }

    /** Takes what was reported since the last call. */
    synchronized List<LocalStateProblem> take() {
        List<LocalStateProblem> taken = List.copyOf(reported);
        reported.clear();
        return taken;
    }
}
