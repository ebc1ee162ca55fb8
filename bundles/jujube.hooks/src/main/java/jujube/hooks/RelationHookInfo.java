package jujube.hooks;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a relation hook is told about its relation: the relation's name in the charm
 * ({@code JUJU_RELATION}), its id {@code name:N} ({@code JUJU_RELATION_ID}), the remote unit the
 * change is about ({@code JUJU_REMOTE_UNIT}; {@code null} for {@code -relation-broken}, passed to the
 * hook as the empty string) and the relation's members as of the change ({@code JUJU_MEMBERS},
 * space-separated, in the given order).
 */
public record RelationHookInfo(String relationName, String relationId, String remoteUnit, List<String> members) {
    private static final Pattern RELATION_ID = Pattern.compile("[^:\\s]+:\\d+");

    public RelationHookInfo {
        Objects.requireNonNull(relationName, "relationName");
        Objects.requireNonNull(relationId, "relationId");
        if (relationName.isBlank()) {
            throw new IllegalArgumentException("blank relation name");
        }
        if (!RELATION_ID.matcher(relationId).matches()) {
            throw new IllegalArgumentException("relation id must be name:N, not " + relationId);
        }
        members = List.copyOf(members);
    }

    /**
     * Whether this is the relation's {@code -relation-broken} hook: the only relation hook without a
     * remote unit. Its context has no members and refuses {@code relation-set}.
     */
    public boolean isBroken() {
        return remoteUnit == null;
    }

    /** The remote unit as the hook sees it: the empty string when there is none. */
    public String remoteUnitOrEmpty() {
        return remoteUnit == null ? "" : remoteUnit;
    }
}
