package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.state.UnitName;
import jujube.workflow.ChangeType;
import jujube.workflow.QueueState;
import jujube.workflow.RelationChange;

/**
 * A hook queue's state as a JSON object: {@code {"seen":{"mysql/0":3,"mysql/1":0},"members":["mysql/0"],
 * "head_claimed":false,"head_effects":null,"pending":[{"type":"changed","unit":"mysql/0",
 * "settings_version":3},{"type":"joined","unit":"mysql/1","settings_version":0}]}}, checked field by field
 * when decoded.
 *
 * <p>A pending change's members are written only when they differ from what the queue implies: the
 * announced members with the effect of every change up to this one applied, which is what the queue
 * gives them. Written out every time, they made each saved state of a relation of n units hold n
 * lists of n units; now it holds n names and the rare exception. Files of journal version 2 and
 * before carry every list, and are read as they are.
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
        if (state.headEffects() == null) {
            root.putNull("head_effects");
        } else {
            try {
                root.set("head_effects", mapper.readTree(state.headEffects()));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("head effects are not a JSON document", e);
            }
        }
        ArrayNode pending = root.putArray("pending");
        TreeSet<UnitName> implied = new TreeSet<>(state.members());
        for (RelationChange change : state.pending()) {
            ObjectNode node = pending.addObject();
            node.put("type", change.type().hookName());
            node.put("unit", change.unit().toString());
            node.put("settings_version", change.settingsVersion());
            Members.apply(implied, change);
            if (!change.members().equals(implied)) {
                writeUnits(node.putArray("members"), change.members());
            }
        }
        return root;
    }

    QueueState decode(JsonReader json, JsonNode root) {
        TreeMap<UnitName, Integer> seen = new TreeMap<>();
        json.object(root, "seen").fields().forEachRemaining(e -> {
            if (!e.getValue().isInt() || e.getValue().intValue() < 0) {
                throw json.fail("settings version of '" + e.getKey() + "' must be a non-negative integer");
            }
            seen.put(unit(json, e.getKey()), e.getValue().intValue());
        });
        SortedSet<UnitName> members = units(json, json.array(root, "members"));
        JsonNode claimed = root.get("head_claimed");
        if (claimed == null || !claimed.isBoolean()) {
            throw json.fail("missing boolean field 'head_claimed'");
        }
        List<RelationChange> pending = new ArrayList<>();
        Set<UnitName> coalescible = new HashSet<>();
        TreeSet<UnitName> implied = new TreeSet<>(members);
        for (JsonNode node : json.array(root, "pending")) {
            String typeName = json.string(node, "type");
            ChangeType type = ChangeType.named(typeName)
                    .orElseThrow(() -> json.fail("unknown change type '" + typeName + "'"));
            UnitName unit = unit(json, json.string(node, "unit"));
            boolean head = pending.isEmpty() && claimed.booleanValue();
            if (!head && !coalescible.add(unit)) {
                throw json.fail("two pending changes for " + unit + " outside the claimed head");
            }
            Members.apply(implied, type, unit);
            SortedSet<UnitName> changeMembers = node.has("members") ? units(json, json.array(node, "members")) : implied;
            try {
                pending.add(new RelationChange(type, unit, json.integer(node, "settings_version"), changeMembers));
            } catch (IllegalArgumentException e) {
                throw json.fail("invalid change: " + e.getMessage());
            }
        }
        if (claimed.booleanValue() && pending.isEmpty()) {
            throw json.fail("head_claimed is true but nothing is pending");
        }
        JsonNode effects = root.get("head_effects"); // absent in files written before 1.1
        String headEffects = null;
        if (effects != null && !effects.isNull()) {
            if (!effects.isObject() || !claimed.booleanValue()) {
                throw json.fail("head_effects must be an object, and only of a claimed head");
            }
            headEffects = effects.toString();
        }
        return new QueueState(seen, members, pending, claimed.booleanValue(), headEffects);
    }

    private static void writeUnits(ArrayNode array, SortedSet<UnitName> units) {
        units.forEach(u -> array.add(u.toString()));
    }

    private static SortedSet<UnitName> units(JsonReader json, JsonNode array) {
        SortedSet<UnitName> units = new TreeSet<>();
        for (JsonNode node : array) {
            if (!node.isTextual()) {
                throw json.fail("unit names must be strings, found " + node);
            }
            units.add(unit(json, node.textValue()));
        }
        return units;
    }

    private static UnitName unit(JsonReader json, String text) {
        try {
            return UnitName.parse(text);
        } catch (IllegalArgumentException e) {
            throw json.fail(e.getMessage());
        }
    }
}
