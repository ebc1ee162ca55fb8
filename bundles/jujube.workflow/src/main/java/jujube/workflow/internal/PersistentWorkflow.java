package jujube.workflow.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import jujube.workflow.ActionResult;
import jujube.workflow.FireResult;
import jujube.workflow.HistoryEntry.Step;
import jujube.workflow.HistoryLog;
import jujube.workflow.InvalidTransitionException;
import jujube.workflow.StateReplica;
import jujube.workflow.Transition;
import jujube.workflow.TransitionAbortedException;
import jujube.workflow.TransitionAction;
import jujube.workflow.TransitionActions;
import jujube.workflow.TransitionContext;
import jujube.workflow.Workflow;
import jujube.workflow.WorkflowDefinition;
import jujube.workflow.WorkflowState;
import jujube.workflow.WorkflowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine. Each step is prepare (store in flight), execute (the action), commit (store the
 * destination), as Go juju's uniter operations; every store is followed by a history line and, when
 * the state's name changed, by replication.
 */
public final class PersistentWorkflow implements Workflow {
    private static final Logger LOG = LoggerFactory.getLogger(PersistentWorkflow.class);
    private final String name;
    private final WorkflowDefinition definition;
    private final WorkflowStore store;
    private final HistoryLog history;
    private final StateReplica replica;
    private final TransitionActions actions;
    private WorkflowState current;
    private String replicated;

    public PersistentWorkflow(String name, WorkflowDefinition definition, WorkflowStore store, HistoryLog history,
            StateReplica replica, TransitionActions actions) {
        this.name = Objects.requireNonNull(name, "name");
        this.definition = definition;
        this.store = store;
        this.history = history;
        this.replica = replica;
        this.actions = actions;
        this.current = store.load();
    }

    @Override
    public synchronized WorkflowState state() {
        return current;
    }

    @Override
    public WorkflowDefinition definition() {
        return definition;
    }

    @Override
    public FireResult fire(String idOrAlias) {
        return fire(idOrAlias, null);
    }

    @Override
    public synchronized FireResult fire(String idOrAlias, TransitionAction action) {
        if (current.inFlight() != null) {
            throw new IllegalStateException(name + ": transition '" + current.inFlight()
                    + "' is in flight; synchronize before firing '" + idOrAlias + "'");
        }
        Transition transition = definition.find(current.state(), idOrAlias)
                .orElseThrow(() -> new InvalidTransitionException(current.state(), idOrAlias));
        store(current.withInFlight(transition.id()), Step.IN_FLIGHT, transition.id());
        return chain(runInFlight(transition, action != null ? action : actions.forTransition(transition)));
    }

    @Override
    public synchronized FireResult synchronize() {
        // the local disk is authoritative: bring the replica in line before anything else happens
        replicate(true);
        Optional<String> marker = definition.recoveryMarkers().keySet().stream()
                .filter(current.vars()::containsKey).sorted().findFirst();
        if (marker.isPresent()) {
            String forced = definition.recoveryMarkers().get(marker.get());
            LOG.warn("{}: '{}' was set, the process died inside '{}'; entering {}", name, marker.get(),
                    current.inFlight(), forced);
            store(new WorkflowState(forced, null, Map.of()), Step.RECOVERED, current.inFlight());
        }
        if (current.inFlight() != null) {
            Transition transition = definition.transition(current.inFlight());
            LOG.info("{}: replaying transition '{}' from {}", name, transition.id(), current.state());
            return chain(runInFlight(transition, actions.forTransition(transition)));
        }
        return chain(new FireResult.Unchanged(current.state()));
    }

    /** Fires automatic transitions while the last one completed; definitions never loop. */
    private FireResult chain(FireResult last) {
        FireResult result = last;
        while (!(result instanceof FireResult.Failed)) {
            Optional<Transition> next = definition.automaticFrom(current.state());
            if (next.isEmpty()) {
                return result;
            }
            store(current.withInFlight(next.get().id()), Step.IN_FLIGHT, next.get().id());
            result = runInFlight(next.get(), actions.forTransition(next.get()));
        }
        return result;
    }

    /** Runs the action of the transition stored in flight and commits its outcome. */
    private FireResult runInFlight(Transition transition, TransitionAction action) {
        ActionResult result = execute(transition, action);
        if (result instanceof ActionResult.Success success) {
            Map<String, String> vars = new HashMap<>(success.stateVars());
            if (definition.isErrorTransition(transition.id()) && current.vars().containsKey(WorkflowState.ERROR_MESSAGE)) {
                // the failure message travels with the in-flight error transition, so a replay keeps it
                vars.putIfAbsent(WorkflowState.ERROR_MESSAGE, current.vars().get(WorkflowState.ERROR_MESSAGE));
            }
            store(new WorkflowState(transition.to(), null, vars), Step.COMMITTED, transition.id());
            LOG.info("{}: {} -> {} ({})", name, transition.from(), transition.to(), transition.id());
            return new FireResult.Completed(transition.id(), transition.to());
        }
        String message = ((ActionResult.HookFailed) result).message();
        if (definition.isErrorTransition(transition.id())) {
            // an error transition has nowhere further to fail to: enter its error state regardless
            LOG.warn("{}: error transition '{}' reported a failure ({}); entering {} anyway", name, transition.id(),
                    message, transition.to());
            store(new WorkflowState(transition.to(), null, Map.of(WorkflowState.ERROR_MESSAGE, message)),
                    Step.COMMITTED, transition.id());
            return new FireResult.Failed(transition.id(), message, transition.to());
        }
        if (transition.errorTransitionId() == null) {
            store(new WorkflowState(current.state(), null, current.vars()), Step.FAILED, transition.id());
            LOG.warn("{}: transition '{}' failed ({}); still {}", name, transition.id(), message, current.state());
            return new FireResult.Failed(transition.id(), message, current.state());
        }
        Transition error = definition.transition(transition.errorTransitionId());
        // one store moves the marker from the failed transition to its error transition
        store(new WorkflowState(current.state(), error.id(), Map.of(WorkflowState.ERROR_MESSAGE, message)),
                Step.IN_FLIGHT, error.id());
        LOG.warn("{}: transition '{}' failed ({}); firing '{}'", name, transition.id(), message, error.id());
        FireResult entered = runInFlight(error, actions.forTransition(error));
        return new FireResult.Failed(transition.id(), message, entered.state());
    }

    private ActionResult execute(Transition transition, TransitionAction action) {
        try {
            return Objects.requireNonNull(action.run(new Context(transition)), "action result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransitionAbortedException(transition.id(), e);
        } catch (Exception e) {
            throw new TransitionAbortedException(transition.id(), e);
        }
    }

    private void store(WorkflowState next, Step step, String transitionId) {
        store.save(next);
        current = next;
        history.append(step, transitionId, next);
        replicate(false);
    }

    private void replicate(boolean always) {
        if (always || !current.state().equals(replicated)) {
            replica.replicate(current);
            replicated = current.state();
        }
    }

    private final class Context implements TransitionContext {
        private final Transition transition;

        Context(Transition transition) {
            this.transition = transition;
        }

        @Override
        public Transition transition() {
            return transition;
        }

        @Override
        public WorkflowState state() {
            synchronized (PersistentWorkflow.this) {
                return current;
            }
        }

        @Override
        public void setVar(String key, String value) {
            synchronized (PersistentWorkflow.this) {
                store(current.withVar(key, value), Step.VARS, transition.id());
            }
        }
    }
}
