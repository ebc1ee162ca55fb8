package jujube.agent.provisioning.internal;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import jujube.agent.provisioning.MachineProvider;
import jujube.lib.threads.CoalescedRuns;
import jujube.state.Leadership;
import jujube.model.MachineInfo;
import jujube.model.NoSuchMachineException;
import jujube.state.Presence;
import jujube.state.ProvisioningView;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the provider's instances follow the topology's machines, while this candidate leads (seed
 * 003): a machine without instance is launched under its provisioning lock, after checking again that
 * nobody launched it meanwhile; a machine whose agent has not connected within the bootstrap timeout
 * of its launch (or of the moment this leader first saw it without agent) is terminated and launched
 * again, also one whose agent went away later (a provider that restarts dead machines itself, as the
 * local one does, has the timeout to do so); an
 * instance no machine records (its machine was removed, or a launch was never recorded) is terminated.
 * Passes run on one thread: on a change of the machines, on gaining leadership, at the next bootstrap
 * deadline and at a regular interval, since the agents' presence itself is not watched. Machines on
 * other hosts ({@link MachineInfo#onAnotherHost}) are left alone: their hosts run them.
 */
final class Provisioner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Provisioner.class);
    private final ProvisioningView state;
    private final MachineProvider provider;
    private final Duration bootstrapTimeout;
    private final Duration checkInterval;
    private final String election;
    private final ScheduledExecutorService executor;
    private final CoalescedRuns passes;
    /** When each machine's agent was last expected to come: its launch, or this leader's first sight. */
    private final Map<Integer, Long> awaitedSince = new ConcurrentHashMap<>();
    private volatile Leadership leadership;
    private volatile Watch watch;
    private ScheduledFuture<?> nextCheck;

    Provisioner(ProvisioningView state, MachineProvider provider, Duration bootstrapTimeout, Duration checkInterval,
            String election, ScheduledExecutorService executor) {
        this.state = state;
        this.provider = provider;
        this.bootstrapTimeout = bootstrapTimeout;
        this.checkInterval = checkInterval;
        this.election = election;
        this.executor = executor;
        this.passes = new CoalescedRuns(executor, this::pass);
    }

    /** Safe to call again after it failed half-way: what it already set up is kept, not doubled. */
    void start() {
        if (leadership == null) {
            Leadership candidate = state.leadership(election);
            candidate.addListener(leader -> {
                // a new term starts every machine's clock afresh: the previous leader's launches are unknown
                awaitedSince.clear();
                requestPass();
            });
            leadership = candidate;
        }
        if (watch == null) {
            watch = state.watchMachines(change -> requestPass());
        }
        requestPass();
    }

    boolean isLeader() {
        Leadership l = leadership;
        return l != null && l.isLeader();
    }

    private void requestPass() {
        passes.request();
    }

    private void pass() {
        if (!isLeader() || Thread.currentThread().isInterrupted()) {
            return;
        }
        try {
            List<MachineInfo> machines = state.machines();
            Set<String> recorded = new HashSet<>();
            Set<Integer> ids = new HashSet<>();
            for (MachineInfo m : machines) {
                ids.add(m.id());
                provision(m).ifPresent(recorded::add);
            }
            awaitedSince.keySet().retainAll(ids);
            for (String instance : provider.instances()) {
                if (!recorded.contains(instance)) {
                    LOG.info("terminating instance {}: no machine of the environment records it", instance);
                    provider.terminate(instance);
                }
            }
        } catch (RuntimeException e) {
            LOG.error("provisioning pass failed, will retry: {}", e.toString());
        }
        scheduleNextCheck();
    }

    /** Takes the next step for one machine; returns its instance id as recorded afterwards. */
    private Optional<String> provision(MachineInfo m) {
        if (m.onAnotherHost()) {
            awaitedSince.remove(m.id());
            return Optional.of(m.instanceId()); // its host runs it, not our provider
        }
        if (m.agentConnected()) {
            awaitedSince.remove(m.id());
            return Optional.of(m.instanceId()).filter(i -> !i.isEmpty());
        }
        long now = System.nanoTime();
        if (!m.instanceId().isEmpty()) {
            // even an instance the provider does not see running gets the whole timeout: it may be
            // starting right now (bootstrap records machine 0's instance before it starts its process)
            long since = awaitedSince.computeIfAbsent(m.id(), id -> now);
            if (now - since < bootstrapTimeout.toNanos()) {
                return Optional.of(m.instanceId());
            }
        }
        Optional<Presence> lock = lockOf(m.id());
        if (lock.isEmpty()) {
            // someone else provisions it right now; keep its instance, if any, and look again later
            return Optional.of(m.instanceId()).filter(i -> !i.isEmpty());
        }
        try (Presence held = lock.get()) {
            MachineInfo current = state.machines().stream().filter(x -> x.id() == m.id()).findFirst().orElse(null);
            if (current == null || current.agentConnected()) {
                return current == null ? Optional.empty() : Optional.of(current.instanceId());
            }
            if (!current.instanceId().isEmpty()) {
                if (!current.instanceId().equals(m.instanceId())) {
                    // launched by someone else since we looked: give it its own timeout
                    awaitedSince.put(m.id(), now);
                    return Optional.of(current.instanceId());
                }
                LOG.warn("machine {}: agent not connected within {} of launch (instance {} {}); launching it again",
                        m.id(), bootstrapTimeout, current.instanceId(),
                        provider.isRunning(current.instanceId()) ? "running" : "gone");
                provider.terminate(current.instanceId());
            }
            // a fresh one-time credential for every launch: the machine's agent gets its identity from it
            String instance = provider.launch(m.id(), state.issueOneTimeCredential(m.id()));
            state.setInstanceId(m.id(), instance);
            awaitedSince.put(m.id(), System.nanoTime());
            LOG.info("machine {}: launched instance {}", m.id(), instance);
            return Optional.of(instance);
        }
    }

    private Optional<Presence> lockOf(int machineId) {
        try {
            return state.tryLockProvisioning(machineId);
        } catch (NoSuchMachineException e) {
            return Optional.empty();
        }
    }

    private synchronized void scheduleNextCheck() {
        long delay = checkInterval.toNanos();
        long now = System.nanoTime();
        for (long since : awaitedSince.values()) {
            delay = Math.min(delay, Math.max(0, since + bootstrapTimeout.toNanos() - now));
        }
        if (nextCheck != null) {
            nextCheck.cancel(false);
        }
        try {
            nextCheck = executor.schedule(this::requestPass, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // stopping
        }
    }

    @Override
    public void close() {
        Watch w = watch;
        if (w != null) {
            w.close();
        }
        Leadership l = leadership;
        if (l != null) {
            l.close();
        }
    }
}
