package jujube.hooks.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.RelationIds;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;
import jujube.model.RelationInfo;
import jujube.state.UnitHandle;
import jujube.model.UnitName;

/**
 * Resolves the relation ids a hook names ({@code -r db:3}, or none for its own relation). The unit's
 * relations are read from the topology once, at the first question, so that {@code relation-ids} and
 * {@code -r} agree for the whole hook.
 */
final class ContextRelations {
    private final UnitHandle state;
    private final UnitName unit;
    private final Optional<ContextRelation> own;
    private List<ContextRelation> others;

    ContextRelations(UnitHandle state, Optional<RelationHookInfo> hook) {
        this.state = state;
        this.unit = state.name();
        this.own = hook.map(info -> new ContextRelation(info.relationId(), RelationIds.stateId(info.relationId()),
                info.relationName(), true, info.isBroken(), info.remoteUnit(), info.members()));
    }

    /** The relation a tool means: its {@code -r} id, or the hook's own relation when null. */
    /** Whether {@code given} names the relation {@code hookId}: as {@code db:3}, or by its number alone, as Go juju allows. */
    private static boolean sameId(String hookId, String given) {
        return hookId.equals(given) || (given.matches("[0-9]{1,10}") && hookId.endsWith(":" + given));
    }

    ContextRelation resolve(String relationId) throws HookToolException {
        if (relationId == null) {
            return own.orElseThrow(() -> new HookToolException(ErrorCode.NOT_RELATION_CONTEXT,
                    "not in a relation hook: use -r to name a relation"));
        }
        if (own.isPresent() && sameId(own.get().hookId(), relationId)) {
            return own.get();
        }
        return relations().stream().filter(r -> sameId(r.hookId(), relationId)).findFirst()
                .orElseThrow(() -> new HookToolException(ErrorCode.NO_SUCH_RELATION,
                        "unit " + unit + " has no relation " + relationId));
    }

    /** The ids of the unit's relations with that name, by sequence number; null names the own relation's. */
    List<String> idsNamed(String relationName) throws HookToolException {
        String name = relationName;
        if (name == null) {
            name = own.map(ContextRelation::name).orElseThrow(() -> new HookToolException(
                    ErrorCode.NOT_RELATION_CONTEXT, "not in a relation hook: name a relation"));
        }
        String wanted = name;
        return relations().stream().filter(r -> r.name().equals(wanted))
                .sorted(Comparator.comparingLong(r -> RelationIds.sequence(r.stateId())))
                .map(ContextRelation::hookId).toList();
    }

    private synchronized List<ContextRelation> relations() {
        if (others == null) {
            List<ContextRelation> found = new ArrayList<>();
            for (RelationInfo info : state.relations()) {
                String hookId = RelationIds.hookId(info, unit.service());
                // The own relation keeps the hook's view of it (members as of the change, broken or not).
                found.add(own.filter(o -> o.hookId().equals(hookId)).orElseGet(() -> new ContextRelation(hookId,
                        info.id(), RelationIds.relationName(hookId), false, false, null, List.of())));
            }
            others = List.copyOf(found);
        }
        return others;
    }
}
