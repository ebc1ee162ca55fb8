package jujube.hooks.internal;

import java.util.List;
import java.util.Objects;

/**
 * A relation as one hook context sees it.
 *
 * @param hookId  {@code db:3}
 * @param stateId {@code relation-0000000003}
 * @param name    the relation's name in the unit's charm
 * @param own     whether it is the running relation hook's relation
 * @param broken  whether the running hook is its {@code -relation-broken} hook
 * @param remoteUnit for the own relation, the unit the change is about (null when broken); null for
 *                any other relation
 * @param members for the own relation, the members as of the queued change; empty for any other
 *                relation, whose members are read from state when asked
 */
record ContextRelation(String hookId, String stateId, String name, boolean own, boolean broken, String remoteUnit,
        List<String> members) {
    ContextRelation {
        Objects.requireNonNull(hookId, "hookId");
        Objects.requireNonNull(stateId, "stateId");
        Objects.requireNonNull(name, "name");
        // A broken relation has nobody left in it, whatever the caller passed.
        members = broken ? List.of() : members.stream().sorted().toList();
    }
}
