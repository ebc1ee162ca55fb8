package jujube.workflow;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A workflow as data: its transitions and its recovery markers. Validated when built: ids are unique,
 * an error transition exists and leaves the same state as the transition that fails into it, at most
 * one automatic transition leaves a state, following automatic transitions always ends, and no two
 * transitions from one state answer to the same name.
 *
 * <p>A recovery marker is a state variable that an action sets for the length of a risky step (a charm
 * upgrade) and clears after it. Found set by {@link Workflow#synchronize()}, it means the process died
 * inside that step, and the workflow goes straight to the mapped state.
 *
 * @param transitions every transition
 * @param recoveryMarkers state variable name to the state a workflow found with it set is forced into
 */
public record WorkflowDefinition(List<Transition> transitions, Map<String, String> recoveryMarkers) {
    /** The state of a workflow that never fired a transition. */
    public static final String INITIAL = "none";

    public WorkflowDefinition {
        transitions = List.copyOf(transitions);
        recoveryMarkers = Map.copyOf(recoveryMarkers);
        validate(transitions, recoveryMarkers);
    }

    public WorkflowDefinition(List<Transition> transitions) {
        this(transitions, Map.of());
    }

    /** The transition leaving {@code state} that answers to {@code idOrAlias}. */
    public Optional<Transition> find(String state, String idOrAlias) {
        return transitions.stream().filter(t -> t.from().equals(state) && t.answersTo(idOrAlias)).findFirst();
    }

    /** @throws IllegalArgumentException when there is no transition with this id */
    public Transition transition(String id) {
        return transitions.stream().filter(t -> t.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no transition '" + id + "'"));
    }

    /** Whether some transition has this id. */
    public boolean hasTransition(String id) {
        return transitions.stream().anyMatch(t -> t.id().equals(id));
    }

    /** The automatic transition leaving {@code state}, if any. */
    public Optional<Transition> automaticFrom(String state) {
        return transitions.stream().filter(t -> t.automatic() && t.from().equals(state)).findFirst();
    }

    /** The transitions that can fire from {@code state}. */
    public List<Transition> from(String state) {
        return transitions.stream().filter(t -> t.from().equals(state)).toList();
    }

    /** Whether some transition names {@code id} as its error transition. */
    public boolean isErrorTransition(String id) {
        return transitions.stream().anyMatch(t -> id.equals(t.errorTransitionId()));
    }

    /** Every state the workflow can be in, {@link #INITIAL} first. */
    public Set<String> states() {
        Set<String> states = new LinkedHashSet<>();
        states.add(INITIAL);
        transitions.forEach(t -> {
            states.add(t.from());
            states.add(t.to());
        });
        return Set.copyOf(states);
    }

    private static void validate(List<Transition> transitions, Map<String, String> markers) {
        Map<String, Transition> byId = new LinkedHashMap<>();
        Map<String, String> automatic = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        for (Transition t : transitions) {
            if (byId.put(t.id(), t) != null) {
                throw new IllegalArgumentException("duplicate transition id '" + t.id() + "'");
            }
            if (t.automatic() && automatic.put(t.from(), t.to()) != null) {
                throw new IllegalArgumentException("two automatic transitions leave '" + t.from() + "'");
            }
            List<String> own = new ArrayList<>(t.aliases());
            own.add(t.id());
            for (String name : own) {
                if (!names.add(t.from() + "\u0000" + name)) {
                    throw new IllegalArgumentException("two transitions from '" + t.from() + "' answer to '" + name + "'");
                }
            }
        }
        for (Transition t : transitions) {
            if (t.errorTransitionId() == null) {
                continue;
            }
            Transition error = byId.get(t.errorTransitionId());
            if (error == null || !error.from().equals(t.from())) {
                throw new IllegalArgumentException("error transition '" + t.errorTransitionId() + "' of '" + t.id()
                        + "' must exist and leave '" + t.from() + "'");
            }
        }
        for (String start : automatic.keySet()) {
            String state = start;
            for (int steps = 0; automatic.containsKey(state); steps++) {
                if (steps > automatic.size()) {
                    throw new IllegalArgumentException("automatic transitions from '" + start + "' never end");
                }
                state = automatic.get(state);
            }
        }
        Set<String> states = new HashSet<>(List.of(INITIAL));
        transitions.forEach(t -> {
            states.add(t.from());
            states.add(t.to());
        });
        markers.forEach((marker, state) -> {
            if (!states.contains(Objects.requireNonNull(state, "recovery state"))) {
                throw new IllegalArgumentException("recovery marker '" + marker + "' names unknown state '" + state + "'");
            }
        });
    }
}
