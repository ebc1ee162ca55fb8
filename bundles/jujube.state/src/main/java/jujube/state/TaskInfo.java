package jujube.state;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import jujube.model.UnitName;

/**
 * One task: one action run on one unit, as the state holds it.
 *
 * @param id the task's number, which Go juju's hooks see as {@code JUJU_ACTION_UUID}
 * @param operation the number of the operation (one {@code jujube run}) it belongs to
 * @param unit the unit it runs on
 * @param action the action's name
 * @param params its parameters, checked against the action's schema, defaults filled in
 * @param timeout how long it may run before it is killed and failed
 * @param status where it is
 * @param message why it failed, was aborted or cancelled; empty otherwise
 * @param results what the action set ({@code action-set}), nested by dotted keys
 * @param log what it logged ({@code action-log}), oldest first
 * @param enqueued when it was queued
 * @param started when its unit began to run it
 * @param completed when it ended
 * @since 7.3
 */
public record TaskInfo(String id, String operation, UnitName unit, String action, Map<String, Object> params,
        Duration timeout, TaskStatus status, String message, Map<String, Object> results, List<LogEntry> log,
        Instant enqueued, Optional<Instant> started, Optional<Instant> completed) {

    public TaskInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(action, "action");
        params = Map.copyOf(params);
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        results = Map.copyOf(results);
        log = List.copyOf(log);
        Objects.requireNonNull(enqueued, "enqueued");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(completed, "completed");
    }

    /** One {@code action-log} message and when it was logged. */
    public record LogEntry(Instant time, String message) {
        public LogEntry {
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(message, "message");
        }
    }
}
