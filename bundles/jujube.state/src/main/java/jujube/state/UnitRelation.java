package jujube.state;

import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationSettings;
import jujube.model.UnitName;

import java.util.Map;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One unit's side of one relation. For a container-scoped relation everything here is confined to
 * the unit's container: the principal and its subordinate see only each other.
 *
 * <p>Membership of the relation's scope is persistent and separate from liveness (as Go juju's
 * {@code EnterScope}/{@code LeaveScope}): a unit is a member from {@link #enterScope()} until
 * {@link #leaveScope()} or its removal, whether or not its agent runs. An agent that dies, freezes or
 * loses its ZooKeeper session stays a member, so related units run no hook for it; its liveness is
 * its agent's presence ({@link Units#connectAgent}).
 */
@ProviderType
public interface UnitRelation {
    RelationInfo relation();

    UnitName unit();

    /** The role of the unit's service in the relation. */
    RelationRole role();

    /**
     * Enters the relation's scope: writes the unit's settings with its {@code private-address} (keeping
     * older settings on a re-entry, but refreshing the address), then makes the unit a member under its
     * role with a persistent node. Idempotent: entering again changes no membership.
     *
     * @throws StateException when the unit has no private address yet
     */
    void enterScope();

    /**
     * Leaves the relation's scope (the unit's relation departed or broken, the unit removed): related
     * units see it depart. Its settings stay for hooks still to read them. Idempotent.
     */
    void leaveScope();

    /** Whether the unit is a member of the relation's scope right now. */
    boolean inScope();

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

    /**
     * The application data bag of {@code service} (the unit's own or a related one) in this relation; empty
     * with version -1 before anything was written.
     *
     * @throws jujube.model.StateException when {@code service} takes no part in the relation
     */
    RelationSettings appSettings(String service);

    /**
     * Merges {@code changes} (a null value deletes its key) into the bag of the unit's own service, in
     * one transaction that fails unless this unit leads its service at that instant, and returns the
     * bag as it was before.
     *
     * @throws jujube.model.NotLeaderException when it does not lead
     */
    Map<String, Object> mergeAppSettings(Map<String, Object> changes);

    /**
     * Watches the version of {@code service}'s application data bag in this relation: the current one at
     * once, then each change; -1 while there is no bag (a relation made before bags existed).
     */
    Watch watchAppSettings(String service, StateWatcher<Integer> watcher);

    /** The members this unit sees right now (as {@link #watchRelatedUnits} would deliver them), sorted. */
    Set<UnitName> relatedUnits();

    /**
     * Watches the members of the scope this unit sees (client sees servers, server clients, peers the
     * other peers) with their settings versions. It watches membership, never liveness: a related unit's
     * agent going away changes nothing here. In container scope it waits for the container's node.
     */
    Watch watchRelatedUnits(StateWatcher<Map<UnitName, Integer>> watcher);
}
