package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitDeployment;
import jujube.agent.machine.UnitDirectories;
import jujube.files.FileTrees;
import jujube.lib.threads.CoalescedRuns;
import jujube.model.CharmRecord;
import jujube.model.MachineHasUnitsException;
import jujube.model.NoSuchMachineException;
import jujube.model.NoSuchUnitException;
import jujube.state.MachineHandle;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles the unit agents of one machine with the units assigned to it: every pass compares the
 * assignment (from a watch) with the deployed configurations and the unit directories on disk, and
 * takes the next step for each unit. All state it acts on is persisted (configurations, directories,
 * the retired marker), so a pass after a crash at any point picks up where the last one stopped.
 * Passes run on one thread; a pass that leaves work pending (a failure, a unit still retiring) comes
 * back with a growing delay.
 */
final class UnitDeployer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitDeployer.class);
    private static final Duration FIRST_RETRY = Duration.ofMillis(100);
    private static final Duration LAST_RETRY = Duration.ofSeconds(10);

    private final MachineHandle state;
    private final UnitAgentDeployments deployments;
    private final CharmInstaller installer;
    private final MachineAddresses addresses;
    private final int machineId;
    private final Path dataDir;
    private final ScheduledExecutorService executor;
    private final CoalescedRuns passes;
    private final Map<UnitName, String> failures = new ConcurrentHashMap<>();
    private final Set<UnitName> addressed = ConcurrentHashMap.newKeySet();
    private volatile Set<UnitName> assigned;
    private volatile Watch watch;
    private Duration retry = FIRST_RETRY;

    UnitDeployer(MachineHandle state, UnitAgentDeployments deployments, CharmInstaller installer,
            MachineAddresses addresses, int machineId, Path dataDir, ScheduledExecutorService executor) {
        this.state = state;
        this.deployments = deployments;
        this.installer = installer;
        this.addresses = addresses;
        this.machineId = machineId;
        this.dataDir = dataDir.toAbsolutePath();
        this.executor = executor;
        this.passes = new CoalescedRuns(executor, this::pass);
    }

    /** Starts watching the machine's units; passes follow on the executor. */
    void start() {
        watch = state.watchAssignedUnits(change -> {
            assigned = Set.copyOf(change.current());
            requestPass();
        });
    }

    /** The units whose last deployment attempt failed, with the reason. */
    Map<UnitName, String> failures() {
        return Map.copyOf(failures);
    }

    private void requestPass() {
        passes.request();
    }

    private void pass() {
        Set<UnitName> want = assigned;
        if (want == null || Thread.currentThread().isInterrupted()) {
            return;
        }
        boolean pending;
        try {
            Map<UnitName, DeployedUnit> deployed = deployments.deployed();
            pending = false;
            boolean retiredLast = false;
            for (UnitName unit : want) {
                pending |= !ensureDeployed(unit, deployed.get(unit));
            }
            for (DeployedUnit d : deployed.values()) {
                if (d.deployment().isPrincipal() && !want.contains(d.deployment().unit())) {
                    boolean gone = retire(d, deployed);
                    pending |= !gone;
                    retiredLast |= gone;
                }
            }
            removeStrayDirectories(want, deployed.keySet());
            if (retiredLast && !pending && want.isEmpty()) {
                emptied();
            }
        } catch (RuntimeException | IOException e) {
            LOG.error("machine {}: deploying units failed, will retry: {}", machineId, e.toString());
            pending = true;
        }
        if (pending) {
            executor.schedule(this::requestPass, retry.toMillis(), TimeUnit.MILLISECONDS);
            retry = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
        } else {
            retry = FIRST_RETRY;
        }
    }

    /**
     * This machine's last unit retired (its stop hook ran): with placement {@code unassigned}, where
     * every unit got a machine of its own, a machine placement made for a unit goes too, as Go juju
     * removes a machine its last unit leaves; one the operator added (add-machine, a bundle's machines)
     * stays until terminate-machine. The provisioning agent then terminates it (its container deleted). Machine 0 runs the
     * environment and stays; with placement {@code local} every unit shares it; a machine on another host
     * stays until {@code terminate-machine} removes it from its host. A unit assigned here
     * meanwhile keeps the machine: the removal is refused.
     */
    private void emptied() {
        if (machineId == 0 || !"unassigned".equals(state.environmentConfig().get("placement"))) {
            return;
        }
        if (state.info().filter(jujube.model.MachineInfo::onAnotherHost).isPresent()) {
            return; // its host runs it: terminate-machine, which reaches that host, removes it
        }
        try {
            if (!state.madeForUnit()) {
                LOG.info("machine {}: its last unit retired; the operator added it, so it stays", machineId);
                return;
            }
            state.removeEmpty();
            LOG.info("machine {}: its last unit retired; the machine is removed (placement unassigned)", machineId);
        } catch (MachineHasUnitsException e) {
            LOG.info("machine {}: a unit was assigned meanwhile; the machine stays", machineId);
        } catch (NoSuchMachineException e) {
            // terminated by the operator meanwhile
        }
    }

    /** Returns whether the unit's agent is deployed (false: try again later). */
    private boolean ensureDeployed(UnitName unit, DeployedUnit deployed) {
        if (deployed != null) {
            return true;
        }
        UnitDirectories dirs = UnitDirectories.of(dataDir, unit);
        try {
            UnitInfo info = state.unit(unit);
            CharmRecord charm = state.charm(info.charmId());
            installer.install(charm, dirs);
            // before the agent exists, so that its first hook can already ask unit-get for them
            if (addressed.add(unit)) {
                state.setAddresses(unit, addresses.publicAddress(), addresses.privateAddress());
            }
            deployments.deploy(new UnitDeployment(unit, machineId, dirs, Optional.empty()));
            failures.remove(unit);
            return true;
        } catch (NoSuchUnitException e) {
            // removed meanwhile: the watch brings the new assignment
            return true;
        } catch (RuntimeException | IOException e) {
            addressed.remove(unit);
            String reason = e.getMessage() == null ? e.toString() : e.getMessage();
            if (!reason.equals(failures.put(unit, reason))) {
                LOG.error("machine {}: cannot deploy unit {}: {}", machineId, unit, reason);
            }
            return false;
        }
    }

    /** Returns whether the unit is gone for good (false: still retiring). */
    private boolean retire(DeployedUnit d, Map<UnitName, DeployedUnit> deployed) throws IOException {
        UnitName unit = d.deployment().unit();
        if (!d.retiring()) {
            // the subordinates in its container stop first: their deployer retires them, then this unit goes
            if (deployed.values().stream().anyMatch(s -> s.deployment().container().equals(Optional.of(unit)))) {
                return false;
            }
            deployments.retire(unit);
            return false;
        }
        if (!Files.exists(d.deployment().dirs().retiredMarker())) {
            return false;
        }
        deployments.remove(unit);
        // in one rename: its agent, started again before the removal reaches it, finds the retired marker
        // or no directory, and creates nothing
        FileTrees.deleteAtomically(d.deployment().dirs().unitDir());
        addressed.remove(unit);
        failures.remove(unit);
        LOG.info("machine {}: unit {} retired and removed", machineId, unit);
        return true;
    }

    /**
     * Deletes directories of principal units that are neither assigned here nor deployed: left by a unit
     * removed before its agent was created, or by a crash between removing a configuration and its
     * directory. Subordinates' directories belong to their principal's side and are left alone.
     */
    private void removeStrayDirectories(Set<UnitName> want, Set<UnitName> deployed) throws IOException {
        Path units = dataDir.resolve(UnitDirectories.UNITS);
        if (!Files.isDirectory(units)) {
            return;
        }
        try (Stream<Path> entries = Files.list(units)) {
            for (Path dir : entries.toList()) {
                if (FileTrees.isSetAside(dir)) {
                    LOG.info("machine {}: removing {}, left by a removal cut short", machineId, dir);
                    FileTrees.delete(dir);
                    continue;
                }
                UnitName unit;
                try {
                    unit = UnitDirectories.unitOf(dir.getFileName().toString());
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (want.contains(unit) || deployed.contains(unit) || isSubordinate(unit)) {
                    continue;
                }
                LOG.info("machine {}: removing directory {} of unit {}, which is not on this machine", machineId, dir, unit);
                FileTrees.deleteAtomically(dir);
            }
        }
    }

    private boolean isSubordinate(UnitName unit) {
        try {
            return state.unit(unit).isSubordinate();
        } catch (NoSuchUnitException e) {
            return false;
        }
    }

    @Override
    public void close() {
        Watch w = watch;
        if (w != null) {
            w.close();
        }
    }
}
