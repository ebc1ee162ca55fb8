package jujube.agent.machine.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.machine.MachineAgent;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.charm.CharmStorage;
import jujube.state.Presence;
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
 * Activation returns at once: connecting waits for ZooKeeper on the agent's own thread, so a ZooKeeper
 * outage at start-up never blocks the framework. Deactivation (a bundle update, a shutdown) stops
 * watching but retires nothing: the unit agents' configurations stay, and the next activation resumes.
 */
@Component(configurationPid = "jujube.agent.machine", configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
@Designate(ocd = MachineAgentConfig.class)
public final class MachineAgentComponent implements MachineAgent {
    private static final Logger LOG = LoggerFactory.getLogger(MachineAgentComponent.class);
    private final int machineId;
    private final StateConnection state;
    private final ScheduledExecutorService worker;
    private final UnitDeployer deployer;
    private volatile Presence presence;

    @Activate
    public MachineAgentComponent(@Reference StateConnection state, @Reference UnitAgentDeployments deployments,
            MachineAgentConfig config) {
        this.state = state;
        this.machineId = config.machineId();
        if (config.charmStorageDir() == null || config.charmStorageDir().isBlank()) {
            throw new IllegalArgumentException("machine agent " + machineId + ": charmStorageDir is not configured");
        }
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jujube-machine-" + machineId + "-agent");
            t.setDaemon(true);
            return t;
        });
        this.deployer = new UnitDeployer(state, deployments, new CharmInstaller(new CharmStorage(Path.of(config.charmStorageDir()))),
                new MachineAddresses(config.publicAddress(), config.privateAddress()), machineId,
                Path.of(config.dataDir()), worker);
        worker.execute(this::connect);
    }

    private void connect() {
        if (!state.awaitEnvironment(Duration.ofSeconds(30),
                why -> LOG.warn("machine agent {} still waiting for ZooKeeper: {}", machineId, why))) {
            return; // deactivated meanwhile
        }
        try {
            presence = state.machines().connectAgent(machineId);
            deployer.start();
            LOG.info("machine agent {} running", machineId);
        } catch (RuntimeException e) {
            LOG.error("machine agent {} cannot start: {}", machineId, e.getMessage());
        }
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
        return p != null && p.isPresent() && state.connectionState().isConnected();
    }
}
