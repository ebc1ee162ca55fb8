package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import jujube.hooks.HookResult;
import jujube.model.NoSuchServiceException;
import jujube.model.RelationInfo;
import jujube.model.StateException;
import jujube.state.Watch;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.RelationState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit's relation lifecycles (seed 001's part of the unit lifecycle): one {@link UnitRelationLifecycle}
 * per relation the unit's service takes part in, found by watching the environment's relations. The
 * relations the unit joined are persisted ({@link KnownRelations}), so one removed while the agent was
 * down still departs, with its {@code -relation-broken} hook, after the restart. Started by the unit
 * lifecycle once the start hook succeeded.
 *
 * <p>Threads: none of its own. The relations watch reconciles on a state watch thread; hooks and the
 * transitions that run them are jobs on the unit's hook executor. {@link #departAll()} waits for its jobs,
 * so it must not be called from a hook job (the executor would wait for itself).
 */
final class RelationLifecycles implements RelationLifecyclesControl {
    private static final Logger LOG = LoggerFactory.getLogger(RelationLifecycles.class);
    private final RelationLifecycleContext context;
    private final ObjectMapper mapper;
    private final Path dir;
    private final KnownRelations known;
    private final Map<String, UnitRelationLifecycle> lifecycles = new TreeMap<>();
    private final Map<String, CompletionStage<?>> departing = new HashMap<>();
    private Watch relationsWatch;
    private boolean running;
    private boolean closed;

    /** @throws jujube.workflow.CorruptStateFileException when the known relations file is invalid */
    RelationLifecycles(RelationLifecycleContext context) {
        this.context = context;
        this.mapper = context.mapper();
        this.dir = context.stateDir().resolve("relations");
        this.known = new KnownRelations(dir.resolve("known.json"), mapper);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Before anything watches membership, an environment laid out before persistent scope membership is
     * migrated (once per environment, a single read afterwards).
     *
     * @throws StateException when ZooKeeper cannot tell whether that migration is done; nothing started
     */
    @Override
    public void start(boolean startRelations) {
        context.state().migrateScopeMembership();
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("relation lifecycles of " + context.unit() + " are closed");
            }
            known.all().values().forEach(this::lifecycle);
            for (UnitRelationLifecycle lifecycle : List.copyOf(lifecycles.values())) {
                String id = lifecycle.relation().stateId();
                if (departing.containsKey(id)) {
                    continue;
                }
                if (lifecycle.state() == RelationState.DEPARTED) {
                    forget(lifecycle); // departed just before the process stopped
                } else if (lifecycle.departInFlight()) {
                    depart(lifecycle, false);
                } else {
                    lifecycle.synchronize();
                    if (startRelations) {
                        lifecycle.restart();
                    }
                }
            }
            running = true;
            if (relationsWatch != null) {
                return;
            }
        }
        // the first delivery reconciles: joins new relations, resumes known ones, departs removed ones
        Watch watch = context.state().watchRelations(change -> reconcile());
        synchronized (this) {
            if (running && relationsWatch == null) {
                relationsWatch = watch;
                return;
            }
        }
        watch.close();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each relation is known (persisted) before its workflow starts and queues -relation-created, as
     * when the relations watch finds it: the hook's exactly-once rests on the same queue either way.
     *
     * @throws StateException when the relations cannot be read; the setup is tried again
     */
    @Override
    public void setUp() throws InterruptedException {
        List<RelationInfo> current;
        try {
            current = context.state().relations();
        } catch (NoSuchServiceException e) {
            return; // the service is being destroyed: no relation to set up
        }
        List<CompletionStage<HookResult>> runs = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("relation lifecycles of " + context.unit() + " are closed");
            }
            for (RelationInfo info : current) {
                KnownRelation relation = KnownRelation.of(info, context.service());
                known.add(relation);
                UnitRelationLifecycle lifecycle = lifecycle(relation);
                if (departing.containsKey(relation.stateId()) || lifecycle.departInFlight()
                        || lifecycle.state() == RelationState.DEPARTED) {
                    continue; // going: start() departs it
                }
                lifecycle.synchronize();
                runs.add(lifecycle.runCreated());
            }
        }
        for (CompletionStage<HookResult> run : runs) {
            try {
                run.toCompletableFuture().get();
            } catch (ExecutionException e) {
                // the hook executor closed under it: the agent stops, and the setup is replayed
                throw new InterruptedException("stopped while running -relation-created: " + e.getCause());
            }
        }
    }

    /** Brings the lifecycles in line with the relations the state holds for the unit's service. */
    private void reconcile() {
        List<RelationInfo> current;
        try {
            current = context.state().relations();
        } catch (NoSuchServiceException e) {
            current = List.of(); // the service is being destroyed: every relation goes
        } catch (StateException e) {
            LOG.warn("unit={}: could not read its relations ({}); waiting for the next change", context.unit(),
                    e.getMessage());
            return;
        }
        synchronized (this) {
            if (!running) {
                return;
            }
            Set<String> ids = current.stream().map(RelationInfo::id).collect(Collectors.toSet());
            for (RelationInfo info : current) {
                if (departing.containsKey(info.id())) {
                    continue;
                }
                KnownRelation relation = KnownRelation.of(info, context.service());
                known.add(relation); // before joining: from now on a removal must run -relation-broken
                UnitRelationLifecycle lifecycle;
                try {
                    lifecycle = lifecycle(relation);
                } catch (CorruptStateFileException e) {
                    // its files were checked at the agent's start; the agent stops the unit and logs it once
                    LOG.debug("unit={} relation={}: {}", context.unit(), relation.hookId(), e.getMessage());
                    context.corrupt().accept(new LocalStateProblem(e.file(), e.problem()));
                    running = false;
                    return;
                }
                try {
                    lifecycle.synchronize();
                    lifecycle.resume();
                } catch (StateException e) {
                    LOG.warn("unit={} relation={}: could not join ({}); trying again at the next change",
                            context.unit(), relation.hookId(), e.getMessage());
                }
            }
            for (UnitRelationLifecycle lifecycle : List.copyOf(lifecycles.values())) {
                String id = lifecycle.relation().stateId();
                if (!ids.contains(id) && !departing.containsKey(id)) {
                    LOG.info("unit={}: relation {} was removed", context.unit(), lifecycle.relation().hookId());
                    depart(lifecycle, false);
                }
            }
        }
    }

    private UnitRelationLifecycle lifecycle(KnownRelation relation) {
        return lifecycles.computeIfAbsent(relation.stateId(),
                id -> new UnitRelationLifecycle(context, relation, new RelationFiles(dir, id, mapper)));
    }

    /**
     * Departs on the hook executor; the relation is forgotten once departed. {@code unitRemoved}: the unit
     * goes (every remote unit departs first, ahead of the executor's queue). Called holding the lock.
     */
    private void depart(UnitRelationLifecycle lifecycle, boolean unitRemoved) {
        String id = lifecycle.relation().stateId();
        CompletionStage<?> stage = lifecycle.depart(unitRemoved, unitRemoved).whenComplete((result, error) -> {
            synchronized (this) {
                departing.remove(id);
                if (lifecycle.state() == RelationState.DEPARTED) {
                    forget(lifecycle);
                } else if (error != null) {
                    LOG.warn("unit={} relation={}: depart did not finish; it is retried at the next start",
                            context.unit(), lifecycle.relation().hookId(), error);
                }
            }
        });
        if (!stage.toCompletableFuture().isDone()) {
            departing.put(id, stage);
        }
    }

    private void forget(UnitRelationLifecycle lifecycle) {
        String id = lifecycle.relation().stateId();
        lifecycles.remove(id);
        known.remove(id); // first: files left behind by a crash now are merely stale
        lifecycle.forget();
        LOG.info("unit={}: relation {} departed", context.unit(), lifecycle.relation().hookId());
    }

    @Override
    public void stop(boolean stopRelations) {
        Watch watch;
        synchronized (this) {
            running = false;
            watch = relationsWatch;
            relationsWatch = null;
            for (UnitRelationLifecycle lifecycle : lifecycles.values()) {
                if (!departing.containsKey(lifecycle.relation().stateId())) {
                    lifecycle.pause();
                    if (stopRelations) {
                        lifecycle.stopRelation();
                    }
                }
            }
        }
        if (watch != null) {
            watch.close();
        }
    }

    @Override
    public void departAll() {
        stop(false);
        List<CompletionStage<?>> stages;
        synchronized (this) {
            known.all().values().forEach(this::lifecycle);
            for (UnitRelationLifecycle lifecycle : List.copyOf(lifecycles.values())) {
                if (!departing.containsKey(lifecycle.relation().stateId())) {
                    depart(lifecycle, true);
                }
            }
            stages = new ArrayList<>(departing.values());
        }
        for (CompletionStage<?> stage : stages) {
            try {
                stage.toCompletableFuture().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) {
                // logged by the stage's own handler; the relation stays known and departs at the next start
            }
        }
        synchronized (this) {
            if (!known.all().isEmpty()) {
                // the unit must not be retired with a relation it never departed: the caller tries again
                throw new IllegalStateException("unit " + context.unit() + ": relations not departed yet: "
                        + known.all().keySet());
            }
        }
    }

    @Override
    public void resolve(String relationName, boolean retryHook) {
        List<UnitRelationLifecycle> matching;
        boolean active;
        synchronized (this) {
            active = running;
            matching = lifecycles.values().stream()
                    .filter(l -> !departing.containsKey(l.relation().stateId()))
                    .filter(l -> relationName == null || relationName.equals(l.relation().relationName())
                            || relationName.equals(l.relation().hookId())
                            || relationName.equals(l.relation().stateId()))
                    .toList();
        }
        for (UnitRelationLifecycle lifecycle : matching) {
            if (!lifecycle.resolveError(retryHook) && active && lifecycle.state() == RelationState.DOWN) {
                // down while the unit runs its relations: resolving brings it back up
                lifecycle.restart();
                try {
                    lifecycle.resume();
                } catch (StateException e) {
                    LOG.warn("unit={} relation={}: could not rejoin ({})", context.unit(),
                            lifecycle.relation().hookId(), e.getMessage());
                }
            }
        }
    }

    /**
     * Relation name to error message for the relations in error; a second relation of the same name in
     * error is keyed by its hook id ({@code db:5}).
     */
    @Override
    public synchronized Map<String, String> relationErrors() {
        Map<String, String> errors = new TreeMap<>();
        for (UnitRelationLifecycle lifecycle : lifecycles.values()) {
            lifecycle.error().ifPresent(message -> {
                KnownRelation relation = lifecycle.relation();
                String key = errors.containsKey(relation.relationName()) ? relation.hookId() : relation.relationName();
                errors.put(key, message);
            });
        }
        return Map.copyOf(errors);
    }

    @Override
    public void close() {
        List<UnitRelationLifecycle> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        stop(false);
        synchronized (this) {
            all = List.copyOf(lifecycles.values());
        }
        // outside the lock: closing waits for a hook in progress, whose job may need the lock to finish
        all.forEach(UnitRelationLifecycle::close);
    }
}
