package jujube.workflow.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import jujube.model.UnitName;
import jujube.workflow.QueueState;
import jujube.workflow.QueuedChange;

/**
 * The difference between two saved states of a hook queue as a JSON object, a journal line after the
 * first: only the fields that moved, {@code {"seen_set":{"web/7":2},"seen_removed":["web/3"],
 * "members_added":["web/5"],"members_removed":["web/3"],"pending_splices":[[0,1,[{"type":"changed",
 * "unit":"web/5","settings_version":0}]]],"head_claimed":false,"head_effects":null}}. Each splice, applied
 * in turn, replaces {@code removed} changes from index {@code from} by those listed; together they cover
 * only the changes that moved, so a step of the queue (an append, a coalescing, a claim, a commit) writes a
 * line of a few changes whatever the length of the queue or the size of the relation.
 */
final class QueueDelta {
    /** The line that turns {@code before} into {@code after}, or null when they are equal. */
    ObjectNode encode(ObjectNode root, QueueState before, QueueState after) {
        ObjectNode seenSet = root.objectNode();
        ArrayNode seenRemoved = root.arrayNode();
        diffSeen(before.seen(), after.seen(), seenSet, seenRemoved);
        putIfAny(root, "seen_set", seenSet);
        putIfAny(root, "seen_removed", seenRemoved);
        ArrayNode added = root.arrayNode();
        ArrayNode removed = root.arrayNode();
        diffUnits(before.members(), after.members(), added, removed);
        putIfAny(root, "members_added", added);
        putIfAny(root, "members_removed", removed);
        splice(root, before.pending(), after.pending());
        if (before.headClaimed() != after.headClaimed()) {
            root.put("head_claimed", after.headClaimed());
        }
        if (!Objects.equals(before.headEffects(), after.headEffects())) {
            QueueCodec.putEffects(root, after.headEffects());
        }
        if (before.seenApp() != after.seenApp()) {
            root.put("seen_app", after.seenApp());
        }
        return root.isEmpty() ? null : root;
    }

    /** Applies one line to {@code replay}, checking each field as {@link QueueCodec#decode} does. */
    static void apply(JsonReader json, JsonNode root, QueueReplay replay) {
        if (root.has("seen_set")) {
            QueueCodec.readSeen(json, json.object(root, "seen_set"), replay.seen);
        }
        if (root.has("seen_removed")) {
            replay.seen.keySet().removeAll(QueueCodec.units(json, json.array(root, "seen_removed")));
        }
        if (root.has("members_added")) {
            replay.members.addAll(QueueCodec.units(json, json.array(root, "members_added")));
        }
        if (root.has("members_removed")) {
            replay.members.removeAll(QueueCodec.units(json, json.array(root, "members_removed")));
        }
        if (root.has("pending_splices")) {
            for (JsonNode splice : json.array(root, "pending_splices")) {
                if (splice.size() != 3 || !splice.get(0).isInt() || !splice.get(1).isInt() || !splice.get(2).isArray()) {
                    throw json.fail("a pending splice must be [from, removed, [changes]], found " + splice);
                }
                int from = splice.get(0).intValue();
                int count = splice.get(1).intValue();
                if (from < 0 || count < 0 || from + count > replay.pending.size()) {
                    throw json.fail("pending splice [" + from + ", " + count + "] outside the " + replay.pending.size()
                            + " pending changes");
                }
                List<QueuedChange> inserted = QueueCodec.changes(json, splice.get(2));
                List<QueuedChange> span = replay.pending.subList(from, from + count);
                span.clear();
                span.addAll(inserted);
            }
        }
        if (root.has("head_claimed")) {
            replay.headClaimed = QueueCodec.bool(json, root, "head_claimed");
        }
        if (root.has("head_effects")) {
            replay.headEffects = QueueCodec.effects(json, root.get("head_effects"));
        }
        if (root.has("seen_app")) {
            replay.seenApp = json.integer(root, "seen_app");
        }
        replay.checkHead(json);
    }

    private static void putIfAny(ObjectNode root, String field, JsonNode value) {
        if (!value.isEmpty()) {
            root.set(field, value);
        }
    }

    /** One merge pass over two sorted maps: O(units), no lookups. */
    private static void diffSeen(SortedMap<UnitName, Integer> before, SortedMap<UnitName, Integer> after,
            ObjectNode set, ArrayNode removed) {
        Iterator<Map.Entry<UnitName, Integer>> b = before.entrySet().iterator();
        Iterator<Map.Entry<UnitName, Integer>> a = after.entrySet().iterator();
        Map.Entry<UnitName, Integer> old = b.hasNext() ? b.next() : null;
        Map.Entry<UnitName, Integer> now = a.hasNext() ? a.next() : null;
        while (old != null || now != null) {
            int order = old == null ? 1 : now == null ? -1 : old.getKey().compareTo(now.getKey());
            if (order < 0) {
                removed.add(old.getKey().toString());
            } else if (order > 0 || !old.getValue().equals(now.getValue())) {
                set.put(now.getKey().toString(), now.getValue());
            }
            if (order <= 0) {
                old = b.hasNext() ? b.next() : null;
            }
            if (order >= 0) {
                now = a.hasNext() ? a.next() : null;
            }
        }
    }

    private static void diffUnits(SortedSet<UnitName> before, SortedSet<UnitName> after, ArrayNode added,
            ArrayNode removed) {
        Iterator<UnitName> b = before.iterator();
        Iterator<UnitName> a = after.iterator();
        UnitName old = b.hasNext() ? b.next() : null;
        UnitName now = a.hasNext() ? a.next() : null;
        while (old != null || now != null) {
            int order = old == null ? 1 : now == null ? -1 : old.compareTo(now);
            if (order < 0) {
                removed.add(old.toString());
            } else if (order > 0) {
                added.add(now.toString());
            }
            if (order <= 0) {
                old = b.hasNext() ? b.next() : null;
            }
            if (order >= 0) {
                now = a.hasNext() ? a.next() : null;
            }
        }
    }

    /**
     * The splices that turn {@code before} into {@code after}: past their common prefix and suffix, a
     * change found in one list only is removed or inserted, and a change found in both but out of step
     * (moved) is removed and inserted again where it now is. O(changes between), hashing only those.
     */
    private static void splice(ObjectNode root, List<QueuedChange> before, List<QueuedChange> after) {
        int shorter = Math.min(before.size(), after.size());
        int prefix = 0;
        while (prefix < shorter && before.get(prefix).equals(after.get(prefix))) {
            prefix++;
        }
        if (prefix == before.size() && prefix == after.size()) {
            return;
        }
        int suffix = 0;
        while (suffix < shorter - prefix
                && before.get(before.size() - 1 - suffix).equals(after.get(after.size() - 1 - suffix))) {
            suffix++;
        }
        List<QueuedChange> old = before.subList(prefix, before.size() - suffix);
        List<QueuedChange> now = after.subList(prefix, after.size() - suffix);
        Set<QueuedChange> inOld = new HashSet<>(old);
        Set<QueuedChange> inNow = new HashSet<>(now);
        ArrayNode splices = root.putArray("pending_splices");
        int i = 0;
        int j = 0;
        while (i < old.size() || j < now.size()) {
            if (i < old.size() && j < now.size() && old.get(i).equals(now.get(j))) {
                i++;
                j++;
                continue;
            }
            int from = prefix + j; // the list before this index is already as it is after
            int removed = 0;
            int firstInserted = j;
            while ((i < old.size() || j < now.size()) && !(i < old.size() && j < now.size() && old.get(i).equals(now.get(j)))) {
                boolean insert = j < now.size() && (i == old.size() || !inOld.contains(now.get(j)) && inNow.contains(old.get(i)));
                if (insert) {
                    j++;
                } else {
                    i++;
                    removed++;
                }
            }
            ArrayNode splice = splices.addArray();
            splice.add(from);
            splice.add(removed);
            QueueCodec.writeChanges(splice.addArray(), now.subList(firstInserted, j));
        }
    }
}
