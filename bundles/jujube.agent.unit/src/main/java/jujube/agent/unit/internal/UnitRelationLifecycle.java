package jujube.agent.unit.internal;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import jujube.hooks.HookResult;
import jujube.state.Change;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.state.Watch;
import jujube.workflow.HookQueue;
import jujube.workflow.InvalidTransitionException;
import jujube.workflow.RelationChange;
import jujube.workflow.RelationState;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.Workflow;
import jujube.workflow.WorkflowState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit relation: its persisted {@link RelationWorkflow}, its membership of the relation's scope
 * (persistent, left only when the relation departs: an agent that stops, dies or loses its session stays
 * a member, so the related units run no hook for it) and settings, the watch of the related units feeding its {@link HookQueue}, and the
 * {@link RelationHookScheduler} running the queue. The workflow state decides what runs: up watches and
 * executes, error watches and queues only, down and departed do neither (see {@link RelationState}).
 *
 * <p>Threads: watch callbacks do the quick part (filter, enqueue and persist, kick the scheduler); hooks,
 * including {@code -relation-broken}, and the transitions that run them happen in jobs on the unit's hook
 * executor. Nothing here waits for a job while holding this object's lock.
 */
final class UnitRelationLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(UnitRelationLifecycle.class);
    private final RelationLifecycleContext context;
    private final KnownRelation relation;
    private final RelationFiles files;
    private final String name;
    private final Workflow workflow;
    private final HookQueue queue;
    private final RelationHooks hooks;
    private final RelationHookScheduler scheduler;
    private final MembershipFilter filter;
    private UnitRelation member; // set once the unit entered the scope in this lifecycle's life
    private Watch watch;
    private Watch appWatch;
    private int generation; // of the watch: a callback of a closed watch still in progress is dropped
    private boolean closed;
    /** When the relation in error is retried, as status shows it; empty when no retry is scheduled. */
    private volatile String retryNote = "";

    UnitRelationLifecycle(RelationLifecycleContext context, KnownRelation relation, RelationFiles files) {
        this.context = context;
        this.relation = relation;
        this.files = files;
        this.name = context.unit() + " " + relation.hookId();
        this.hooks = new RelationHooks(context.runner(), relation, files.mapper());
        this.queue = files.queue();
        this.workflow = files.workflow(name, new RelationReplays(queue, hooks, relation),
                state -> replicate(context, relation, state, retryNote));
        this.scheduler = new RelationHookScheduler(name, queue, hooks, context.executor(), context.retries(),
                this::mayExecute, this::hookFailed, () -> resolveError(true), this::retryScheduled);
        this.filter = new MembershipFilter(context.state(), context.unit(), relation.scope(), context.scopes());
    }

    KnownRelation relation() {
        return relation;
    }

    /** The stored workflow state; {@code none} counts as down until synchronized. */
    RelationState state() {
        return RelationState.named(workflow.state().state()).orElse(RelationState.DOWN);
    }

    /** Whether the process died inside {@code depart}: only {@link #depart} may finish it (it runs a hook). */
    boolean departInFlight() {
        String inFlight = workflow.state().inFlight();
        return inFlight != null && inFlight.startsWith("depart");
    }

    /** Replays an in-flight transition or fires the automatic start; never called with a depart in flight. */
    void synchronize() {
        workflow.synchronize();
    }

    /** down to up ({@code start_relations}, or a resolved relation). */
    void restart() {
        fireIf(RelationState.DOWN, "restart");
    }

    /** up to down, when the unit stops ({@code stop_relations}); an errored relation stays in error. */
    void stopRelation() {
        fireIf(RelationState.UP, "stop");
    }

    /**
     * Brings the relation to what its state asks while the relation exists: joined, watched when the state
     * watches, scheduler enabled.
     *
     * @throws StateException when the unit cannot join (no address yet); the next relations event retries
     */
    void resume() {
        int current;
        UnitRelation unitRelation;
        synchronized (this) {
            if (closed || !state().watches()) {
                return;
            }
            unitRelation = context.state().relationOf(relation.stateId());
            if (member == null) {
                unitRelation.enterScope(); // idempotent: a restarted agent finds itself a member already
                member = unitRelation;
            }
            current = watch == null ? ++generation : -1;
        }
        if (current >= 0) {
            // created outside the lock: their first delivery may come before this returns
            Watch created = unitRelation.watchRelatedUnits(change -> relatedChanged(current, change));
            String remoteApp = remoteApp(unitRelation);
            Watch createdApp = unitRelation.watchAppSettings(remoteApp, change -> appChanged(current, remoteApp,
                    change.current()));
            synchronized (this) {
                if (generation == current && !closed) {
                    watch = created;
                    appWatch = createdApp;
                    created = null;
                    createdApp = null;
                }
            }
            if (created != null) {
                created.close(); // paused or closed meanwhile
                createdApp.close();
                return;
            }
            LOG.debug("{}: watching related units and {}'s application data", name, remoteApp);
        }
        scheduler.enable();
        if (state() == RelationState.ERROR) {
            scheduler.retryLater(); // found in error (after a restart): retried as after a failure
        }
    }

    /**
     * Runs the relation's queued {@code -relation-created}, if it is still the head, on the hook executor
     * (the unit's setup, before the relation is watched): synchronize first, so a relation new to the unit
     * has it queued.
     */
    CompletionStage<HookResult> runCreated() {
        return scheduler.runExclusive(scheduler::runCreatedHead, false);
    }

    /** Stops watching and executing; the membership stays until depart. */
    void pause() {
        Watch old;
        Watch oldApp;
        synchronized (this) {
            generation++;
            old = watch;
            oldApp = appWatch;
            watch = null;
            appWatch = null;
        }
        scheduler.disable();
        if (old != null) {
            old.close();
        }
        if (oldApp != null) {
            oldApp.close();
        }
    }

    /** The application whose data changes this unit hears of: the other side's, in a peer relation its own. */
    private String remoteApp(UnitRelation unitRelation) {
        if (!relation.remoteApp().isEmpty()) {
            return relation.remoteApp();
        }
        String own = context.state().name().service();
        return unitRelation.relation().endpoints().stream().map(jujube.model.RelationEndpoint::serviceName)
                .filter(s -> !s.equals(own)).findFirst().orElse(own);
    }

    private void appChanged(int watchGeneration, String remoteApp, int version) {
        if (version < 0) {
            return; // no bag: a relation made before application bags
        }
        synchronized (this) {
            if (closed || watchGeneration != generation) {
                return;
            }
            queue.enqueueApp(remoteApp, version); // persisted before the scheduler may run it
        }
        scheduler.kick();
    }

    private void relatedChanged(int watchGeneration, Change<Map<UnitName, Integer>> change) {
        Map<UnitName, Integer> visible = filter.visible(change.current());
        synchronized (this) {
            if (closed || watchGeneration != generation) {
                return;
            }
            queue.enqueue(visible); // persisted before the scheduler may run anything of it
        }
        scheduler.kick();
    }

    private boolean mayExecute() {
        WorkflowState stored = workflow.state();
        return stored.inFlight() == null && state().executes();
    }

    private void retryScheduled(int attempt, java.time.Instant at, java.time.Duration wait) {
        retryNote = "; retry " + attempt + " at " + at + " (in " + wait.toSeconds() + " s)";
        if (state() == RelationState.ERROR) {
            replicate(context, relation, workflow.state(), retryNote);
        }
    }

    private void hookFailed(RelationChange change, String message) {
        retryNote = "";
        try {
            workflow.fire("error", RelationWorkflow.error(change.type(), message));
            LOG.warn("{}: {}; the relation is in error until resolved", name, message);
            history("relation-error", hooks.hookName(change), message + " (" + relation.hookId() + ")");
        } catch (InvalidTransitionException e) {
            // stopped meanwhile: the change stays at the head and runs again once the relation is up
            LOG.info("{}: {} while {}; it runs again when the relation is up", name, message, e.state());
        }
    }

    /**
     * Resolves an error: {@code retryHook} runs the failed change again, otherwise it is skipped (committed
     * unrun, so the members move on as if it ran). Returns whether the relation was in error.
     */
    boolean resolveError(boolean retryHook) {
        if (state() != RelationState.ERROR) {
            return false;
        }
        if (!retryHook) {
            queue.next().ifPresent(head -> {
                queue.commit(head);
                LOG.info("{}: skipping the failed relation-{} of {}", name, head.type().hookName(), head.unit());
            });
        }
        retryNote = "";
        history(retryHook ? "relation-retry" : "relation-resolved", "", (retryHook ? "running the failed hook again ("
                : "the failed hook skipped (") + relation.hookId() + ")");
        fireIf(RelationState.ERROR, "reset");
        scheduler.kick();
        return true;
    }

    /** The stored error message while in error. */
    Optional<String> error() {
        WorkflowState stored = workflow.state();
        return state() == RelationState.ERROR
                ? Optional.of(stored.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "relation hook failed"))
                : Optional.empty();
    }

    /**
     * Stops watching and departs on the hook executor, as Go juju's uniter does whether the relation or the
     * unit goes: first every remote unit departs, through the hook queue (an empty membership is queued,
     * persisted, then every queued hook runs), so a restart after a kill resumes the departures where they
     * stopped; then {@code -relation-broken} runs (its failure is logged, the relation departs anyway), and
     * the membership ends. {@code unitRemoved}: the unit itself goes ({@code JUJU_DEPARTING_UNIT} names it).
     * {@code now}: run ahead of the executor's queue if it is stopped.
     */
    CompletionStage<HookResult> depart(boolean now, boolean unitRemoved) {
        pause();
        return scheduler.runExclusive(() -> {
            if (state() != RelationState.DEPARTED) {
                if (workflow.state().inFlight() != null) {
                    workflow.synchronize(); // a replayed depart runs -relation-broken here
                }
                if (state() == RelationState.NONE) {
                    workflow.synchronize();
                }
                if (state() != RelationState.DEPARTED) {
                    if (unitRemoved) {
                        hooks.departingSelf(context.unit().toString());
                    }
                    synchronized (this) {
                        queue.enqueue(Map.of()); // every member departs; persisted before any hook runs
                    }
                    scheduler.runAllForDeparture();
                }
                if (state() != RelationState.DEPARTED) {
                    LOG.info("{}: departing the relation", name);
                    workflow.fire("depart", RelationWorkflow.depart(relation.hookId(), hooks.brokenAction()));
                }
            }
            leave();
            return new HookResult.Succeeded();
        }, now);
    }

    /** Removes the queue and state files of a departed relation; its history stays for operators. */
    void forget() {
        files.deleteState();
    }

    private void leave() {
        UnitRelation entered;
        synchronized (this) {
            entered = member;
            member = null;
        }
        try {
            // a removed relation or unit took its membership along already; this leaves in every other case
            (entered != null ? entered : context.state().relationOf(relation.stateId())).leaveScope();
        } catch (StateException e) {
            LOG.debug("{}: membership already gone with the relation or the unit ({})", name, e.getMessage());
        }
    }

    /**
     * Stops everything and waits for a hook of this relation in progress: the agent stops, the unit stays
     * in the relation. Its membership is persistent, so the related units see no departure however long
     * the agent stays away.
     */
    void close() {
        pause();
        synchronized (this) {
            closed = true;
        }
        scheduler.close();
    }

    private void fireIf(RelationState from, String transition) {
        if (state() == from && workflow.state().inFlight() == null) {
            try {
                workflow.fire(transition);
            } catch (InvalidTransitionException e) {
                LOG.debug("{}: not firing {}: {}", name, transition, e.getMessage());
            }
        }
    }

    /** A line of the unit's status history; best effort, as the history is a replica of what happened. */
    private void history(String state, String hook, String message) {
        try {
            context.state().recordStatus(new jujube.model.StatusEntry(java.time.Instant.now(), state, hook, message));
        } catch (StateException e) {
            LOG.debug("{}: could not record {} in the status history: {}", name, state, e.getMessage());
        }
    }

    /** The relation's state for status, with what failed and when it is retried while in error. */
    private static void replicate(RelationLifecycleContext context, KnownRelation relation, WorkflowState state,
            String retryNote) {
        String error = RelationState.named(state.state()).filter(s -> s == RelationState.ERROR)
                .map(s -> state.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "a relation hook failed") + retryNote)
                .orElse("");
        try {
            context.state().setRelationWorkflowState(relation.stateId(), state.state(), error);
        } catch (StateException e) {
            // the local file is authoritative; the next transition or synchronize replicates again
            LOG.debug("{} {}: could not replicate {}: {}", context.unit(), relation.hookId(), state.state(),
                    e.getMessage());
        }
    }
}
