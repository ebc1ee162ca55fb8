package jujube.state.curator.internal;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import jujube.model.StateException;
import jujube.model.UnitWorkload;
import jujube.model.WorkloadStatus;

/**
 * How a workload status is kept in a node: {@code {status, message, since}} (ISO-8601), and for a unit's
 * {@code /units/unit-N/workload} also {@code set-by-charm} and {@code version}.
 */
final class WorkloadNodes {
    static final String UNIT_CHILD = "workload";
    /** A new unit's workload status message, Go juju's. */
    static final String WAITING_FOR_MACHINE = "waiting for machine";

    private WorkloadNodes() {
    }

    static void put(Map<String, Object> content, WorkloadStatus status) {
        content.put("status", status.current());
        content.put("message", status.message());
        content.put("since", status.since().toString());
    }

    /** The status in {@code content}; empty when it holds none. */
    static Optional<WorkloadStatus> status(String path, Map<String, Object> content) {
        Object current = content.get("status");
        if (current == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new WorkloadStatus(String.valueOf(current), String.valueOf(content.getOrDefault("message", "")),
                    Instant.parse(String.valueOf(content.get("since")))));
        } catch (DateTimeParseException e) {
            throw new StateException("node " + path + " holds no valid workload status: since is "
                    + content.get("since"));
        }
    }

    /**
     * A unit's workload in {@code content}, its workload node's; until its agent writes one, Go juju's first
     * status, waiting for its machine since the unit was added ({@code unitNode}'s time); empty for a unit
     * added with no time.
     */
    static Optional<UnitWorkload> unit(String path, Map<String, Object> content, Map<String, Object> unitNode) {
        if (content.isEmpty()) {
            Object added = unitNode.get(jujube.state.store.TopologyAdditions.UNIT_ADDED);
            if (added == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(new UnitWorkload(new WorkloadStatus(WorkloadStatus.WAITING, WAITING_FOR_MACHINE,
                        Instant.parse(String.valueOf(added))), false, ""));
            } catch (DateTimeParseException e) {
                throw new StateException("the unit node above " + path + " holds no valid time it was added: " + added);
            }
        }
        WorkloadStatus status = status(path, content).orElse(WorkloadStatus.unknown(Instant.EPOCH));
        return Optional.of(new UnitWorkload(status, Boolean.TRUE.equals(content.get("set-by-charm")),
                String.valueOf(content.getOrDefault("version", ""))));
    }
}
