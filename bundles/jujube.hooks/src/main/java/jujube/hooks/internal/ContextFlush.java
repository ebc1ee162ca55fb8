package jujube.hooks.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import jujube.state.NoSuchRelationException;
import jujube.state.NoSuchUnitException;
import jujube.state.StateConnection;
import jujube.state.UnitName;
import jujube.state.UnitRelation;

/**
 * Applies a successful hook's writes. Each relation's settings go in one compare-and-set merge onto
 * the node's current content ({@link UnitRelation#mergeSettings}), so keys the hook did not touch keep
 * whatever other writers put there while it ran; each port is opened or closed by its own
 * compare-and-set. What really changed is compared with the content the merge replaced.
 *
 * <p>A {@link jujube.state.StateException} (ZooKeeper unreachable) escapes after the relations
 * already written: the caller reports the hook failed and runs it again, which rewrites the same
 * values. A relation removed while the hook ran is skipped: its nodes are gone and writing would
 * bring a settings node back under a deleted relation. (A removal racing the merge itself can still
 * leave such a node; the relation removal's tree delete owns that debt.)
 */
final class ContextFlush {
    private final StateConnection state;

    ContextFlush(StateConnection state) {
        this.state = state;
    }

    FlushReport apply(UnitName unit, PendingChanges pending) {
        List<FlushReport.SettingChange> changes = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        pending.settings().forEach((relation, writes) -> {
            UnitRelation target;
            try {
                target = state.relations().of(relation.stateId(), unit);
            } catch (NoSuchRelationException gone) {
                skipped.add(relation.hookId());
                return;
            }
            Map<String, Object> before = target.mergeSettings(new LinkedHashMap<String, Object>(writes));
            writes.forEach((key, value) -> {
                Object old = before.get(key);
                String was = old == null ? null : String.valueOf(old);
                if (!Objects.equals(was, value)) {
                    changes.add(new FlushReport.SettingChange(relation.hookId(), key, was, value));
                }
            });
        });
        List<FlushReport.PortChange> portChanges = new ArrayList<>();
        try {
            applyPorts(unit, pending, portChanges);
        } catch (NoSuchUnitException removed) {
            // a removed unit's stop hook closes its ports: there is no node left to close them on
        }
        return new FlushReport(changes, portChanges, skipped);
    }

    private void applyPorts(UnitName unit, PendingChanges pending, List<FlushReport.PortChange> portChanges) {
        if (!pending.ports().isEmpty()) {
            Set<jujube.state.Port> open = new HashSet<>(state.units().ports(unit));
            pending.ports().forEach((port, wanted) -> {
                jujube.state.Port target = new jujube.state.Port(port.number(), port.protocol());
                // Always written (idempotent): the read above only tells what to report.
                if (wanted) {
                    state.units().openPort(unit, target);
                } else {
                    state.units().closePort(unit, target);
                }
                if (wanted ? open.add(target) : open.remove(target)) {
                    portChanges.add(new FlushReport.PortChange(port.toString(), wanted));
                }
            });
        }
    }
}
