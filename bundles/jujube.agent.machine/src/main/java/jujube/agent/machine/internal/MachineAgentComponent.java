package jujube.agent.machine.internal;

import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.machine.MachineAgent;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.charm.CharmStorage;
import jujube.lib.threads.ThreadFactories;
import jujube.lib.threads.AgentStartup;
import jujube.lib.threads.Backoff;
import jujube.state.AgentPresence;
import jujube.state.Presence;
import jujube.state.MachineHandle;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Announces its machine through a presence node and runs the {@link UnitDeployer} of its units.
 * Activation returns at once: the agent starts on its own thread through {@link AgentStartup}, which
 * waits for ZooKeeper and the environment and retries a failed start with backoff, as the unit agent's
 * loop does, so neither an outage nor a failure at start-up leaves it dead in a live process. Deactivation (a bundle update, a shutdown) stops
 * watching but retires nothing: the unit agents' configurations stay, and the next activation resumes.
 */
@Component(configurationPid = "jujube.agent.machine", configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
@Designate(ocd = MachineAgentConfig.class)
public final class MachineAgentComponent implements MachineAgent {
    private static final Logger LOG = LoggerFactory.getLogger(MachineAgentComponent.class);
    private final int machineId;
    private final StateConnection state;
    /** All the agent reads and changes, once it is started. */
    private final MachineHandle machine;
    private final ScheduledExecutorService worker;
    private final UnitDeployer deployer;
    private final AgentStartup startup;
    /** How often the machine's limits are looked at: a limit reached shows in status within this. */
    static final long LIMIT_WATCH_SECONDS = 5;
    private final Path dataDir;
    private volatile AgentPresence presence;

    @Activate
    public MachineAgentComponent(@Reference StateConnection state, @Reference UnitAgentDeployments deployments,
            MachineAgentConfig config) {
        this(state, deployments, config, Backoff.AGENT);
    }

    MachineAgentComponent(StateConnection state, UnitAgentDeployments deployments, MachineAgentConfig config, Backoff backoff) {
        this.state = state;
        this.machineId = config.machineId();
        this.machine = state.machine(machineId);
        if (config.charmStorageDir() == null || config.charmStorageDir().isBlank()) {
            throw new IllegalArgumentException("machine agent " + machineId + ": charmStorageDir is not configured");
        }
        this.worker = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-machine-" + machineId + "-agent"));
        this.deployer = new UnitDeployer(machine, deployments, new CharmInstaller(new CharmStorage(Path.of(config.charmStorageDir())), machine),
                new MachineAddresses(config.publicAddress(), config.privateAddress()), machineId,
                Path.of(config.dataDir()), worker);
        this.dataDir = Path.of(config.dataDir());
        this.startup = new AgentStartup("machine agent " + machineId, state::awaitEnvironment, worker, backoff);
        startup.start(this::start);
    }

    /** Safe to run again after a failure: a presence already announced is kept. */
    private void start() {
        if (presence == null) {
            presence = machine.connectAgent();
            watchLimits(presence);
        }
        deployer.start();
        LOG.info("machine agent {} running", machineId);
    }

    /** Reports the machine's limits it reaches in its presence, which status shows. */
    private void watchLimits(AgentPresence reportTo) {
        try {
            LimitWatch watch = LimitWatch.ofThisProcess(dataDir, reportTo::reportLimits);
            worker.scheduleWithFixedDelay(watch, 0, LIMIT_WATCH_SECONDS, TimeUnit.SECONDS);
        } catch (java.io.IOException e) {
            LOG.warn("machine agent {}: its limits will not show in status: {}", machineId, e.toString());
        }
    }

    /** How the start went so far (tests). */
    AgentStartup startup() {
        return startup;
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        deployer.close();
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
        Presence p = presence;
        if (p != null) {
            p.close();
        }
        LOG.info("machine agent {} stopped", machineId);
    }

    @Override
    public int machineId() {
        return machineId;
    }

    @Override
    public boolean isConnected() {
        Presence p = presence;
        return p != null && p.isPresent() && machine.connectionState().isConnected();
    }
}
