package jujube.model;

import java.util.Map;

/**
 * One unit's settings in one relation.
 *
 * @param values the settings; {@code private-address} is always present once the unit joined
 * @param version the node's version, which grows on every write
 */
public record RelationSettings(Map<String, Object> values, int version) {
    public RelationSettings {
        values = Map.copyOf(values);
    }
}
