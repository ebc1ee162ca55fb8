package jujube.state;

import java.util.Map;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One unit's side of one relation. For a container-scoped relation everything here is confined to
 * the unit's container: the principal and its subordinate see only each other.
 */
@ProviderType
public interface UnitRelation {
    RelationInfo relation();

    UnitName unit();

    /** The role of the unit's service in the relation. */
    RelationRole role();

    /**
     * Joins the relation: writes the unit's settings with its {@code private-address} (keeping older
     * settings on a re-join, but refreshing the address) and announces the unit under its role
     * until the returned presence is closed.
     */
    Presence join();

    /** The unit's own settings; empty with version -1 before it joined. */
    RelationSettings settings();

    /** A related unit's settings in this unit's scope. */
    RelationSettings settingsOf(UnitName remote);

    /** Merges {@code changes} into the unit's settings; a null value deletes the key. */
    void updateSettings(Map<String, Object> changes);

    /**
     * As {@link #updateSettings}, in one compare-and-set, returning the settings exactly as they were
     * just before these changes were applied (empty when the node did not exist), so that a caller can
     * tell what it really changed. Nothing is written when the changes change nothing.
     */
    Map<String, Object> mergeSettings(Map<String, Object> changes);

    /** The units this unit sees right now (as {@link #watchRelatedUnits} would deliver them), sorted. */
    Set<UnitName> relatedUnits();

    /**
     * Watches the units this unit sees (client sees servers, server clients, peers the other peers)
     * with their settings versions. In container scope it waits for the container's node.
     */
    Watch watchRelatedUnits(StateWatcher<Map<UnitName, Integer>> watcher);
}
