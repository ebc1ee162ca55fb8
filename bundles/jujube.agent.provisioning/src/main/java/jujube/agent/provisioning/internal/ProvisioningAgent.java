package jujube.agent.provisioning.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.provisioning.MachineProvider;
import jujube.lib.threads.ThreadFactories;
import jujube.lib.threads.AgentStartup;
import jujube.lib.threads.Backoff;
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
 * it has a state connection and a provider, and serves the requests of machine agents (a subordinate
 * unit, a machine's removal) that only the administrator may carry out. It starts on its own thread through {@link AgentStartup},
 * which waits for ZooKeeper and the environment and retries a failed start with backoff, so activation
 * never blocks the framework and a failure at start-up never leaves the controller without provisioning.
 */
@Component(service = {}, immediate = true, configurationPid = "jujube.agent.provisioning")
@Designate(ocd = ProvisioningConfig.class)
public final class ProvisioningAgent {
    private static final Logger LOG = LoggerFactory.getLogger(ProvisioningAgent.class);
    private final ScheduledExecutorService worker;
    private final Provisioner provisioner;
    private final AgentStartup startup;
    private volatile AutoCloseable requests;

    @Activate
    public ProvisioningAgent(@Reference StateConnection state, @Reference MachineProvider provider, ProvisioningConfig config) {
        this(state, provider, config, Backoff.AGENT);
    }

    ProvisioningAgent(StateConnection state, MachineProvider provider, ProvisioningConfig config, Backoff backoff) {
        this.worker = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-provisioning-agent"));
        this.provisioner = new Provisioner(state.provisioning(), provider, Duration.ofSeconds(config.bootstrapTimeoutSeconds()),
                Duration.ofSeconds(config.checkIntervalSeconds()), config.election(), worker);
        this.startup = new AgentStartup("provisioning agent", state::awaitEnvironment, worker, backoff);
        startup.start(() -> {
            provisioner.start();
            if (requests == null) {
                // what machine agents may not do themselves but need done: checked, then done as administrator
                requests = state.access().serveMachineRequests();
            }
            LOG.info("provisioning agent running");
        });
    }

    /** How the start went so far (tests). */
    AgentStartup startup() {
        return startup;
    }

    @Deactivate
    void deactivate() throws Exception {
        provisioner.close();
        AutoCloseable r = requests;
        if (r != null) {
            r.close();
        }
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
    }
}
