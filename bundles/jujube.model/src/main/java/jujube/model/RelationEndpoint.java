package jujube.model;

import java.util.Objects;

/**
 * One service's side of a relation.
 *
 * @param serviceName the service
 * @param relationName the relation's name in the service's charm ({@code db}, {@code website})
 * @param role the role the service plays
 */
public record RelationEndpoint(String serviceName, String relationName, RelationRole role) {
    public RelationEndpoint {
        Objects.requireNonNull(serviceName, "serviceName");
        Objects.requireNonNull(relationName, "relationName");
        Objects.requireNonNull(role, "role");
    }
}
