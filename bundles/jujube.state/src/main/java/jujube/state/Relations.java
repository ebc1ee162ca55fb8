package jujube.state;

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

    /** The relations a service takes part in. */
    List<RelationInfo> ofService(String serviceName);

    /** Removes the relation and all its nodes (settings and presence included). */
    void remove(String relationId);

    /** One unit's view of one relation: what its unit agent uses. */
    UnitRelation of(String relationId, UnitName unit);

    /** Watches the set of relation ids. */
    Watch watch(StateWatcher<Set<String>> watcher);
}
