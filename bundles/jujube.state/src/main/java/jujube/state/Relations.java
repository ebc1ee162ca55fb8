package jujube.state;

import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationScope;
import jujube.model.UnitName;

import java.util.List;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/** The environment's relations. */
@ProviderType
public interface Relations {
    /**
     * Relates services.
     *
     * @throws DuplicateRoleException when two endpoints have the same role
     * @throws DuplicateRelationException when the same services are related over the interface already
     * @throws NoSuchServiceException when a service does not exist
     */
    RelationInfo add(String interfaceName, RelationScope scope, List<RelationEndpoint> endpoints);

    /** @throws NoSuchRelationException when there is no such relation */
    RelationInfo get(String relationId);

    List<RelationInfo> list();

    /**
     * Whether a relation of this id was ever added to the environment (it may have been removed since): ids
     * are handed out in order and never again, so one past the last handed out never named a relation.
     *
     * @since 4.2
     */
    boolean everExisted(String relationId);

    /** The relations a service takes part in. */
    List<RelationInfo> ofService(String serviceName);

    /** Removes the relation and all its nodes (settings and presence included). */
    void remove(String relationId);

    /** One unit's view of one relation: what its unit agent uses. */
    UnitRelation of(String relationId, UnitName unit);

    /**
     * Brings an environment laid out before state package 3.0, where relation membership was an ephemeral
     * presence node, to persistent scope membership: each unit that was a member (its presence node
     * exists, or its relation workflow replica is up, down or in error) enters the scope, so watchers of
     * membership see the members the old watchers saw and no hook runs for the change of layout. Done
     * once per environment (a marker in {@code /settings} says so; a new environment is born with it),
     * safe when several processes run it at once. Agents call it before they watch any membership.
     *
     * @return how many memberships it created
     */
    int migrateScopeMembership();

    /** Watches the set of relation ids. */
    Watch watch(StateWatcher<Set<String>> watcher);
}
