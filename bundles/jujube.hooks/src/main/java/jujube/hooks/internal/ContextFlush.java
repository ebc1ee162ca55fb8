package jujube.hooks.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import jujube.hooks.HookEffects;
import jujube.model.NoSuchRelationException;
import jujube.model.NoSuchUnitException;
import jujube.state.UnitHandle;
import jujube.model.UnitName;
import jujube.state.UnitRelation;

/**
 * Applies a successful hook's writes. Each relation's settings go in one compare-and-set merge onto
 * the node's current content ({@link UnitRelation#mergeSettings}), so keys the hook did not touch keep
 * whatever other writers put there while it ran; each port is opened or closed by its own
 * compare-and-set. What really changed is compared with the content the merge replaced.
 *
 * <p>A {@link jujube.model.StateException} (ZooKeeper unreachable) escapes after the relations
 * already written: the caller reports the hook failed and runs it again, which rewrites the same
 * values. A relation removed while the hook ran is skipped: its nodes are gone and writing would
 * bring a settings node back under a deleted relation. (A removal racing the merge itself can still
 * leave such a node; the relation removal's tree delete owns that debt.)
 */
final class ContextFlush {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ContextFlush.class);
    private final UnitHandle state;

    ContextFlush(UnitHandle state) {
        this.state = state;
    }

    /** The effects of a hook's pending writes, in a form that can be persisted and applied later. */
    static HookEffects effectsOf(PendingChanges pending) {
        Map<String, Map<String, String>> settings = new LinkedHashMap<>();
        Map<String, String> ids = new LinkedHashMap<>();
        pending.settings().forEach((relation, writes) -> {
            settings.put(relation.stateId(), writes);
            ids.put(relation.stateId(), relation.hookId());
        });
        Map<String, Map<String, String>> appSettings = new LinkedHashMap<>();
        pending.appSettings().forEach((relation, writes) -> {
            appSettings.put(relation.stateId(), writes);
            ids.put(relation.stateId(), relation.hookId());
        });
        Map<String, Boolean> ports = new LinkedHashMap<>();
        pending.ports().forEach((port, open) -> ports.put(port.toString(), open));
        return new HookEffects(settings, ids, ports, appSettings, pending.charmState());
    }

    FlushReport apply(HookEffects effects) {
        UnitName unit = state.name();
        List<FlushReport.SettingChange> changes = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        effects.settings().forEach((stateId, writes) -> {
            String hookId = effects.relationIds().getOrDefault(stateId, stateId);
            UnitRelation target = relationOf(stateId, hookId, skipped);
            if (target == null) {
                return;
            }
            Map<String, Object> before = target.mergeSettings(new LinkedHashMap<String, Object>(writes));
            changed(hookId, writes, before, changes);
        });
        effects.appSettings().forEach((stateId, writes) -> {
            String hookId = effects.relationIds().getOrDefault(stateId, stateId);
            UnitRelation target = relationOf(stateId, hookId, skipped);
            if (target == null) {
                return;
            }
            Map<String, Object> before;
            try {
                before = target.mergeAppSettings(new LinkedHashMap<String, Object>(writes));
            } catch (jujube.model.NotLeaderException deposed) {
                // the lead was lost after the hook ran (or before a replay after a restart): a deposed
                // leader's writes must not land, as Go juju refuses them at the hook's commit
                LOG.warn("unit={}: its writes to its application's data in {} are dropped: it no longer leads",
                        unit, hookId);
                return;
            }
            changed(hookId + " (" + unit.service() + ")", writes, before, changes);
        });
        if (!effects.charmState().isEmpty()) {
            try {
                state.mergeCharmState(effects.charmState());
            } catch (NoSuchUnitException removed) {
                // a removed unit's last hooks: its state went with it
            }
        }
        List<FlushReport.PortChange> portChanges = new ArrayList<>();
        try {
            applyPorts(unit, effects, portChanges);
        } catch (NoSuchUnitException removed) {
            // a removed unit's stop hook closes its ports: there is no node left to close them on
        }
        return new FlushReport(changes, portChanges, skipped);
    }

    /** The unit's side of a relation; null, and the relation noted as skipped, when it was removed meanwhile. */
    private UnitRelation relationOf(String stateId, String hookId, List<String> skipped) {
        try {
            return state.relationOf(stateId);
        } catch (NoSuchRelationException gone) {
            skipped.add(hookId);
            return null;
        }
    }

    /** What {@code writes} really changed of {@code before}, the content they were merged onto. */
    private static void changed(String where, Map<String, String> writes, Map<String, Object> before,
            List<FlushReport.SettingChange> into) {
        writes.forEach((key, value) -> {
            Object old = before.get(key);
            String was = old == null ? null : String.valueOf(old);
            if (!Objects.equals(was, value)) {
                into.add(new FlushReport.SettingChange(where, key, was, value));
            }
        });
    }

    private void applyPorts(UnitName unit, HookEffects effects, List<FlushReport.PortChange> portChanges) {
        if (!effects.ports().isEmpty()) {
            Set<jujube.model.Port> open = new HashSet<>(state.ports());
            effects.ports().forEach((port, wanted) -> {
                jujube.model.Port target = port(port);
                // Always written (idempotent): the read above only tells what to report.
                if (wanted) {
                    state.openPort(target);
                } else {
                    state.closePort(target);
                }
                if (wanted ? open.add(target) : open.remove(target)) {
                    portChanges.add(new FlushReport.PortChange(port, wanted));
                }
            });
        }
    }

    /** {@code 80/tcp}, as {@link jujube.model.Port#toString()} writes it. */
    private static jujube.model.Port port(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("invalid port '" + text + "'");
        }
        return new jujube.model.Port(Integer.parseInt(text.substring(0, slash)), text.substring(slash + 1));
    }
}
