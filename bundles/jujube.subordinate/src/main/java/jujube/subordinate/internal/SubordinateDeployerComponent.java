package jujube.subordinate.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitFiles;
import jujube.lib.threads.ThreadFactories;
import jujube.spi.RelationScopeHandler;
import jujube.state.MachineHandle;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.subordinate.SubordinateDeployer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subordinate deployer of the machine whose {@link UnitFiles} it is given. Seed 004 gives this work to
 * "the principal's unit agent"; here one component per machine agent framework does it for all the
 * principal units the machine hosts, because it needs exactly what the machine agent has (the unit
 * agent deployments, the unit files, the machine's assignment) and one reconcile loop per machine keeps
 * creation and removal of a container's subordinate in one place: no two actors can race to create it,
 * and a machine agent restart resumes the whole machine's work at once.
 *
 * <p>The container scope handler is a greedy dynamic reference: a better-ranked one is used from the next
 * pass on. Activation returns at once; connecting waits on the deployer's own thread. Deactivation stops
 * the passes and retires nothing.
 */
@Component(immediate = true)
public final class SubordinateDeployerComponent implements SubordinateDeployer {
    private static final Logger LOG = LoggerFactory.getLogger(SubordinateDeployerComponent.class);
    private final StateConnection state;
    private final int machineId;
    private final ScheduledExecutorService worker;
    private final SubordinateReconciler reconciler;

    @Reference(target = "(" + RelationScopeHandler.SCOPE + "=container)", policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile RelationScopeHandler containerScope;

    @Activate
    public SubordinateDeployerComponent(@Reference StateConnection state, @Reference UnitAgentDeployments deployments,
            @Reference UnitFiles files) {
        this.state = state;
        this.machineId = files.machineId();
        this.worker = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-machine-" + machineId + "-subordinates"));
        MachineHandle machine = state.machine(machineId);
        this.reconciler = new SubordinateReconciler(machine, deployments, new StepRunner(machine, deployments, files),
                () -> containerScope, machineId, worker);
    }

    /** After the field references are bound: the first pass needs the scope handler. */
    @Activate
    void activate() {
        worker.execute(this::connect);
    }

    private void connect() {
        if (!state.awaitEnvironment(Duration.ofSeconds(30),
                why -> LOG.warn("subordinate deployer of machine {} still waiting for ZooKeeper: {}", machineId, why))) {
            return; // deactivated meanwhile
        }
        try {
            reconciler.start();
            LOG.info("subordinate deployer of machine {} running", machineId);
        } catch (RuntimeException e) {
            LOG.error("subordinate deployer of machine {} cannot start: {}", machineId, e.getMessage());
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        reconciler.close();
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
        LOG.info("subordinate deployer of machine {} stopped", machineId);
    }

    @Override
    public int machineId() {
        return machineId;
    }

    @Override
    public Map<UnitName, UnitName> deployed() {
        return reconciler.deployed();
    }

    @Override
    public Map<UnitName, String> failures() {
        return reconciler.failures();
    }
}
