package jujube.hooks;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a relation hook is told about its relation: the relation's name in the charm
 * ({@code JUJU_RELATION}), its id {@code name:N} ({@code JUJU_RELATION_ID}), the remote unit the
 * change is about ({@code JUJU_REMOTE_UNIT}; {@code null} for {@code -relation-broken}, passed to the
 * hook as the empty string), the relation's members as of the change ({@code JUJU_MEMBERS},
 * space-separated, in the given order), the remote application ({@code JUJU_REMOTE_APP}, Go juju's:
 * set in every relation hook, also once the remote unit is gone; empty when unknown) and, in
 * {@code -relation-departed}, the unit that departs ({@code JUJU_DEPARTING_UNIT}).
 *
 * @since 3.1 for the remote application and the departing unit
 */
public record RelationHookInfo(String relationName, String relationId, String remoteUnit, List<String> members,
        String remoteApp, Optional<String> departingUnit) {
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
        Objects.requireNonNull(remoteApp, "remoteApp");
        Objects.requireNonNull(departingUnit, "departingUnit");
    }

    /** A hook about {@code remoteUnit}, whose application is the remote one; no departing unit. */
    public RelationHookInfo(String relationName, String relationId, String remoteUnit, List<String> members) {
        this(relationName, relationId, remoteUnit, members, remoteUnit == null ? "" : applicationOf(remoteUnit),
                Optional.empty());
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

    /** This hook as the {@code -relation-departed} of {@code unit}. */
    public RelationHookInfo departing(String unit) {
        return new RelationHookInfo(relationName, relationId, remoteUnit, members, remoteApp, Optional.of(unit));
    }

    /** This hook with the remote application named. */
    public RelationHookInfo withRemoteApp(String app) {
        return new RelationHookInfo(relationName, relationId, remoteUnit, members, app, departingUnit);
    }

    private static String applicationOf(String unit) {
        int slash = unit.indexOf('/');
        return slash < 0 ? "" : unit.substring(0, slash);
    }
}
