package jujube.state.migration;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.lib.threads.ThreadFactories;
import jujube.lib.threads.AgentStartup;
import jujube.lib.threads.Backoff;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings an environment created before the access policy under it, when its controller first starts
 * with this code (its configuration, {@code jujube.state.migration.access}, is the controller's alone:
 * only the administrator may set ACLs). An environment already under the policy's version is left as it
 * is; a run cut short (the controller killed) is done again whole at the next start, each step being
 * idempotent ({@link jujube.state.Access#applyPolicy}). Machine agents that ran before it cannot act
 * afterwards: the provisioning agent launches each again, with a one-time credential, once it has not
 * come up within its bootstrap timeout.
 */
@Component(service = {}, immediate = true, configurationPid = "jujube.state.migration.access",
        configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class AccessPolicyMigration {
    private static final Logger LOG = LoggerFactory.getLogger(AccessPolicyMigration.class);
    private final ScheduledExecutorService worker;

    @Activate
    public AccessPolicyMigration(@Reference StateConnection state) {
        worker = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-access-policy-migration"));
        new AgentStartup("access policy migration", state::awaitEnvironment, worker, Backoff.AGENT).start(() -> {
            if (!state.access().isPolicyApplied()) {
                LOG.info("the environment predates its access policy: applying it");
                int changed = state.access().applyPolicy();
                LOG.info("access policy applied: {} nodes' ACLs set", changed);
            }
        });
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
    }
}
