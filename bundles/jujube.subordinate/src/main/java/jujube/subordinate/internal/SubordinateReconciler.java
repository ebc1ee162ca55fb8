package jujube.subordinate.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.lib.threads.CoalescedRuns;
import jujube.spi.RelationScopeHandler;
import jujube.state.CorruptStateException;
import jujube.state.MachineHandle;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reconcile loop of one machine's subordinates: each pass reads a {@link ContainerSnapshot} and the
 * deployments, asks the {@link SubordinatePlanner} for the steps and runs them. Nothing is remembered
 * between passes but caches: the state, the agents' configurations and the unit directories say it all,
 * so a pass after a crash at any point continues the work. A pass that changed something is followed by
 * another at once (the next step often depends on the last); one that waits or failed comes back with a
 * growing delay. Passes run on one thread, the executor's.
 */
final class SubordinateReconciler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SubordinateReconciler.class);
    private static final Duration FIRST_RETRY = Duration.ofMillis(100);
    private static final Duration LAST_RETRY = Duration.ofSeconds(2);

    private final MachineHandle state;
    private final UnitAgentDeployments deployments;
    private final StepRunner runner;
    private final Supplier<RelationScopeHandler> containerScope;
    private final int machineId;
    private final ScheduledExecutorService executor;
    private final CoalescedRuns passes;
    private final Map<String, Boolean> subordinateCharms = new ConcurrentHashMap<>();
    private final Map<UnitName, String> failures = new ConcurrentHashMap<>();
    private final List<Watch> watches = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile Set<UnitName> assigned;
    private Duration retry = FIRST_RETRY;

    SubordinateReconciler(MachineHandle state, UnitAgentDeployments deployments, StepRunner runner,
            Supplier<RelationScopeHandler> containerScope, int machineId, ScheduledExecutorService executor) {
        this.state = state;
        this.deployments = deployments;
        this.runner = runner;
        this.containerScope = containerScope;
        this.machineId = machineId;
        this.executor = executor;
        this.passes = new CoalescedRuns(executor, this::pass);
    }

    /** Starts watching what decides the subordinates: units, relations and this machine's assignment. */
    void start() {
        watches.add(state.watchAssignedUnits(change -> {
            assigned = Set.copyOf(change.current());
            requestPass();
        }));
        watches.add(state.watchUnits(change -> requestPass()));
        watches.add(state.watchRelations(change -> requestPass()));
    }

    /** The units whose last step failed, with the reason. */
    Map<UnitName, String> failures() {
        return Map.copyOf(failures);
    }

    /** The subordinate units deployed here, each with its principal. */
    Map<UnitName, UnitName> deployed() {
        Map<UnitName, UnitName> result = new TreeMap<>();
        deployments.deployed().values().forEach(d -> d.deployment().container()
                .ifPresent(p -> result.put(d.deployment().unit(), p)));
        return result;
    }

    void requestPass() {
        passes.request();
    }

    private void pass() {
        Set<UnitName> machineUnits = assigned;
        RelationScopeHandler scope = containerScope.get();
        if (machineUnits == null || scope == null || Thread.currentThread().isInterrupted()) {
            return; // the first assignment or a handler's arrival requests the pass
        }
        boolean changed = false;
        boolean waiting = false;
        try {
            Map<UnitName, DeployedUnit> deployed = deployments.deployed();
            ContainerSnapshot snapshot = ContainerSnapshot.read(state, machineUnits, deployed.keySet(), subordinateCharms);
            for (Step step : new SubordinatePlanner(scope).plan(snapshot, deployed, runner::retired)) {
                if (step.waits()) {
                    waiting = true;
                    continue;
                }
                try {
                    runner.run(step);
                    failures.remove(step.subject());
                    changed = true;
                } catch (RuntimeException | IOException e) {
                    waiting = true;
                    String reason = e.getMessage() == null ? e.toString() : e.getMessage();
                    if (!reason.equals(failures.put(step.subject(), reason))) {
                        LOG.error("machine {}: subordinate step {} failed, will retry: {}", machineId, step, reason);
                    }
                }
            }
        } catch (CorruptStateException e) {
            // also what listing units meets when one is removed between its two reads: read again shortly
            LOG.warn("machine {}: reading the subordinates' state failed, will retry: {}", machineId, e.getMessage());
            waiting = true;
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                return; // stopping: a ZooKeeper call was cut short
            }
            LOG.error("machine {}: reconciling subordinates failed, will retry: {}", machineId, e.toString());
            waiting = true;
        }
        if (changed) {
            requestPass();
        }
        if (waiting) {
            try {
                executor.schedule(this::requestPass, retry.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                return; // stopping
            }
            retry = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
        } else if (!changed) {
            retry = FIRST_RETRY;
        }
    }

    @Override
    public void close() {
        watches.forEach(Watch::close);
        watches.clear();
    }
}
