package jujube.workflow.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import jujube.model.UnitName;
import jujube.workflow.ChangeType;
import jujube.workflow.QueueState;
import jujube.workflow.QueuedChange;

/**
 * A hook queue's whole state as a JSON object, the first line of a journal:
 * {@code {"seen":{"mysql/0":3,"mysql/1":0},"members":["mysql/0"],"head_claimed":false,"head_effects":null,
 * "pending":[{"type":"changed","unit":"mysql/0","settings_version":3},{"type":"joined","unit":"mysql/1",
 * "settings_version":0}]}}, checked field by field when decoded. A pending change carries no members: its
 * hook's are implied by the queue. The pieces (units, changes, effects) are shared with {@link QueueDelta}.
 */
final class QueueCodec {
    private final ObjectMapper mapper;

    QueueCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    ObjectNode encode(QueueState state) {
        ObjectNode root = mapper.createObjectNode();
        ObjectNode seen = root.putObject("seen");
        state.seen().forEach((unit, version) -> seen.put(unit.toString(), version));
        writeUnits(root.putArray("members"), state.members());
        root.put("head_claimed", state.headClaimed());
        putEffects(root, state.headEffects());
        writeChanges(root.putArray("pending"), state.pending());
        if (state.seenApp() != -1) {
            root.put("seen_app", state.seenApp()); // absent in queues from before application bags: -1
        }
        return root;
    }

    /** The state of a full line, to replay deltas onto; {@link QueueReplay#state} checks it as a whole. */
    QueueReplay decode(JsonReader json, JsonNode root) {
        QueueReplay replay = new QueueReplay();
        readSeen(json, json.object(root, "seen"), replay.seen);
        replay.members.addAll(units(json, json.array(root, "members")));
        replay.headClaimed = bool(json, root, "head_claimed");
        replay.pending.addAll(changes(json, json.array(root, "pending")));
        replay.headEffects = effects(json, root.get("head_effects")); // absent reads as null
        if (root.has("seen_app")) {
            replay.seenApp = json.integer(root, "seen_app");
        }
        return replay;
    }

    /** The effects as they are, in the line: the one time they are written out. */
    static void putEffects(ObjectNode root, ObjectNode effects) {
        if (effects == null) {
            root.putNull("head_effects");
        } else {
            root.set("head_effects", effects);
        }
    }

    static ObjectNode effects(JsonReader json, JsonNode effects) {
        if (effects == null || effects.isNull()) {
            return null;
        }
        if (!effects.isObject()) {
            throw json.fail("head_effects must be an object or null");
        }
        return (ObjectNode) effects;
    }

    static void readSeen(JsonReader json, JsonNode object, Map<UnitName, Integer> into) {
        object.fields().forEachRemaining(e -> {
            if (!e.getValue().isInt() || e.getValue().intValue() < 0) {
                throw json.fail("settings version of '" + e.getKey() + "' must be a non-negative integer");
            }
            into.put(unit(json, e.getKey()), e.getValue().intValue());
        });
    }

    static boolean bool(JsonReader json, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isBoolean()) {
            throw json.fail("missing boolean field '" + field + "'");
        }
        return value.booleanValue();
    }

    static void writeChanges(ArrayNode array, List<QueuedChange> changes) {
        for (QueuedChange change : changes) {
            ObjectNode node = array.addObject();
            node.put("type", change.type().hookName());
            node.put("unit", change.unit().toString());
            node.put("settings_version", change.settingsVersion());
        }
    }

    static List<QueuedChange> changes(JsonReader json, JsonNode array) {
        List<QueuedChange> changes = new java.util.ArrayList<>(array.size());
        for (JsonNode node : array) {
            String typeName = json.string(node, "type");
            ChangeType type = ChangeType.named(typeName)
                    .orElseThrow(() -> json.fail("unknown change type '" + typeName + "'"));
            changes.add(new QueuedChange(type, unit(json, json.string(node, "unit")), json.integer(node, "settings_version")));
        }
        return changes;
    }

    static void writeUnits(ArrayNode array, Collection<UnitName> units) {
        units.forEach(u -> array.add(u.toString()));
    }

    static SortedSet<UnitName> units(JsonReader json, JsonNode array) {
        SortedSet<UnitName> units = new TreeSet<>();
        for (JsonNode node : array) {
            if (!node.isTextual()) {
                throw json.fail("unit names must be strings, found " + node);
            }
            units.add(unit(json, node.textValue()));
        }
        return units;
    }

    static UnitName unit(JsonReader json, String text) {
        try {
            return UnitName.parse(text);
        } catch (IllegalArgumentException e) {
            throw json.fail(e.getMessage());
        }
    }
}
