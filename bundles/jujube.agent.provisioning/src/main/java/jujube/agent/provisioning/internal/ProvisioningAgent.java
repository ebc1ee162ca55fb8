package jujube.agent.provisioning.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.provisioning.MachineProvider;
import jujube.state.EnvironmentNotInitializedException;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provisioning agent of a controller: a worker (no service) that runs a {@link Provisioner} while
 * it has a state connection and a provider. It waits for ZooKeeper and the environment on its own
 * thread, so activation never blocks the framework.
 */
@Component(service = {}, immediate = true, configurationPid = "jujube.agent.provisioning")
@Designate(ocd = ProvisioningConfig.class)
public final class ProvisioningAgent {
    private static final Logger LOG = LoggerFactory.getLogger(ProvisioningAgent.class);
    private final StateConnection state;
    private final ScheduledExecutorService worker;
    private final Provisioner provisioner;

    @Activate
    public ProvisioningAgent(@Reference StateConnection state, @Reference MachineProvider provider, ProvisioningConfig config) {
        this.state = state;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jujube-provisioning-agent");
            t.setDaemon(true);
            return t;
        });
        this.provisioner = new Provisioner(state, provider, Duration.ofSeconds(config.bootstrapTimeoutSeconds()),
                Duration.ofSeconds(config.checkIntervalSeconds()), config.election(), worker);
        worker.execute(this::connect);
    }

    private void connect() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                state.awaitConnected(Duration.ofSeconds(30));
                state.awaitInitialized(Duration.ofSeconds(30));
                provisioner.start();
                LOG.info("provisioning agent running");
                return;
            } catch (NotConnectedException | EnvironmentNotInitializedException e) {
                LOG.warn("provisioning agent still waiting for the environment: {}", e.getMessage());
            } catch (RuntimeException e) {
                LOG.error("provisioning agent cannot start: {}", e.getMessage());
                return;
            }
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        provisioner.close();
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
    }
}
