package jujube.agent.unit.internal;

import java.time.Clock;
import jujube.state.DebugLogPublisher;
import jujube.model.LogRecord;
import jujube.workflow.WorkflowState;

/**
 * What the unit agent itself tells the environment's debug log, besides its hooks (the hook runner tells
 * those): workflow states ({@code unit.workflow}) and the agent's own decisions and failures
 * ({@code unit.agent}). Returns at once and never throws: the publisher queues the record.
 */
final class UnitDebugLog {
    private final DebugLogPublisher publisher;
    private final String unit;
    private final Clock clock;

    UnitDebugLog(DebugLogPublisher publisher, String unit, Clock clock) {
        this.publisher = publisher;
        this.unit = unit;
        this.clock = clock;
    }

    void info(String message) {
        publish("unit.agent", "INFO", message);
    }

    void warning(String message) {
        publish("unit.agent", "WARNING", message);
    }

    void error(String message) {
        publish("unit.agent", "ERROR", message);
    }

    /** A workflow state as replicated (when its name changes): a transition in flight, or the state it rests in. */
    void workflow(WorkflowState state) {
        if (state.inFlight() != null) {
            publish("unit.workflow", "INFO", "transition " + state.inFlight() + " from " + state.state());
            return;
        }
        String error = state.vars().get(WorkflowState.ERROR_MESSAGE);
        if (state.state().endsWith("_error") && error != null) {
            publish("unit.workflow", "ERROR", "state " + state.state() + ": " + error);
        } else {
            publish("unit.workflow", "INFO", "state " + state.state());
        }
    }

    private void publish(String channel, String level, String message) {
        try {
            publisher.publish(new LogRecord(unit, channel, level, message, clock.instant()));
        } catch (RuntimeException e) {
            // the publisher never throws; this guards the agent against a broken one all the same
        }
    }
}
