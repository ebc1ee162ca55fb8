package jujube.workflow;

import java.util.Objects;
import java.util.Set;

/**
 * One edge of a workflow, as data.
 *
 * @param id unique within its definition, the name history and the in-flight marker record
 * @param from the state it leaves ({@link WorkflowDefinition#INITIAL} before the first transition)
 * @param to the state it enters when its action succeeds
 * @param errorTransitionId the transition fired when the action reports a hook failure; null when a
 *     failure leaves the workflow in {@code from}
 * @param automatic whether it fires by itself once the workflow reaches {@code from}
 * @param aliases other names it answers to from {@code from} ({@code retry}, {@code retry_hook},
 *     {@code depart}), so callers need not know which error state they are resolving
 */
public record Transition(String id, String from, String to, String errorTransitionId, boolean automatic,
        Set<String> aliases) {

    public Transition {
        requireName(id, "id");
        requireName(from, "from");
        requireName(to, "to");
        if (errorTransitionId != null) {
            requireName(errorTransitionId, "errorTransitionId");
        }
        aliases = Set.copyOf(Objects.requireNonNull(aliases, "aliases"));
        aliases.forEach(a -> requireName(a, "alias"));
    }

    /** A manual transition without error transition or aliases. */
    public static Transition of(String id, String from, String to) {
        return new Transition(id, from, to, null, false, Set.of());
    }

    /** This transition, failing into {@code errorTransitionId}. */
    public Transition onError(String errorTransition) {
        return new Transition(id, from, to, errorTransition, automatic, aliases);
    }

    /** This transition, fired automatically from {@code from}. */
    public Transition automatically() {
        return new Transition(id, from, to, errorTransitionId, true, aliases);
    }

    /** This transition, also answering to {@code alias}. */
    public Transition alias(String alias) {
        Set<String> more = new java.util.HashSet<>(aliases);
        more.add(alias);
        return new Transition(id, from, to, errorTransitionId, automatic, more);
    }

    /** Whether {@code name} is this transition's id or one of its aliases. */
    public boolean answersTo(String name) {
        return id.equals(name) || aliases.contains(name);
    }

    private static void requireName(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank()) {
            throw new IllegalArgumentException("transition " + what + " must not be blank");
        }
    }
}
