package jujube.agent.unit.internal;

import java.util.Objects;
import java.util.regex.Pattern;
import jujube.hooks.RelationIds;
import jujube.model.RelationInfo;

/**
 * A relation the unit took part in, with just enough to run its hooks even after the relation left the
 * state (seed 001's "Frankenstein" unit relation): a relation removed while the agent was down still gets
 * its {@code -relation-broken} hook.
 *
 * @param stateId {@code relation-0000000003}
 * @param hookId the id hooks see, {@code db:3}
 * @param relationName the relation's name in the unit's charm, {@code db}
 * @param scope {@code global} or {@code container}
 */
record KnownRelation(String stateId, String hookId, String relationName, String scope, String remoteApp) {
    private static final Pattern STATE_ID = Pattern.compile("relation-\\d{1,10}");

    KnownRelation {
        Objects.requireNonNull(stateId, "stateId");
        Objects.requireNonNull(hookId, "hookId");
        Objects.requireNonNull(relationName, "relationName");
        Objects.requireNonNull(scope, "scope");
        if (!STATE_ID.matcher(stateId).matches()) {
            throw new IllegalArgumentException("not a relation id relation-N: " + stateId);
        }
        if (!RelationIds.relationName(hookId).equals(relationName)
                || RelationIds.sequence(stateId) != Long.parseLong(hookId.substring(hookId.indexOf(':') + 1))) {
            throw new IllegalArgumentException("hook id " + hookId + " does not name " + relationName + " of " + stateId);
        }
        if (scope.isBlank()) {
            throw new IllegalArgumentException("blank scope of " + stateId);
        }
        Objects.requireNonNull(remoteApp, "remoteApp");
    }

    /** A relation known from before its remote application was recorded: its hooks name none when broken. */
    KnownRelation(String stateId, String hookId, String relationName, String scope) {
        this(stateId, hookId, relationName, scope, "");
    }

    /** The relation as a unit of {@code service} sees it. */
    static KnownRelation of(RelationInfo info, String service) {
        String hookId = RelationIds.hookId(info, service);
        // the other side's service; a peer relation's is the unit's own
        String remoteApp = info.endpoints().stream().map(jujube.model.RelationEndpoint::serviceName)
                .filter(s -> !s.equals(service)).findFirst().orElse(service);
        return new KnownRelation(info.id(), hookId, RelationIds.relationName(hookId), info.scope().key(), remoteApp);
    }

    /** The hook {@code <relation name>-relation-<suffix>}. */
    String hookName(String suffix) {
        return relationName + "-relation-" + suffix;
    }
}
