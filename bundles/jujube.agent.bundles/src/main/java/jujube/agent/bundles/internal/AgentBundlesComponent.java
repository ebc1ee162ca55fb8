package jujube.agent.bundles.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.bundles.BundleUpdateDirectory;
import jujube.lib.threads.AgentStartup;
import jujube.lib.threads.Backoff;
import jujube.lib.threads.ThreadFactories;
import jujube.state.AgentBundles;
import jujube.state.AgentUpgradeTarget;
import jujube.state.StateConnection;
import jujube.state.Watch;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent's own bundles: reports what it runs ({@code agent-report}) and runs what the administrator asks
 * ({@code agent-target}, {@code jujube upgrade-agents}) through {@link BundleUpdates}, on a thread of its
 * own. In a machine agent ({@code jujube.machine.id} set) it is machine {@code N}'s agent and also waits
 * for the unit agents; elsewhere it is the controller's. The deploy folder is FileInstall's
 * ({@code felix.fileinstall.dir}): a framework without one has nothing to update.
 */
@Component(immediate = true)
public final class AgentBundlesComponent {
    private static final Logger LOG = LoggerFactory.getLogger(AgentBundlesComponent.class);
    /** How long an update may take to settle before it is undone; a framework property may change it. */
    static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(120);

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile WorkingUnits units;

    private final ScheduledExecutorService worker;
    private volatile Watch watch;

    @Activate
    public AgentBundlesComponent(BundleContext context, ComponentContext component, @Reference StateConnection state,
            @Reference ServiceComponentRuntime scr) {
        this.worker = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-agent-bundles"));
        String deploy = context.getProperty("felix.fileinstall.dir");
        if (deploy == null || deploy.isBlank()) {
            LOG.info("no deploy folder in this framework: its bundles are not updated live");
            return;
        }
        String machine = context.getProperty("jujube.machine.id");
        String agent = machine == null || machine.isBlank() ? AgentBundles.CONTROLLER
                : AgentBundles.machine(Integer.parseInt(machine.strip()));
        if (machine != null && !machine.isBlank()) {
            component.enableComponent(UnitAgentsProbe.class.getName());
        }
        FrameworkCheck framework = new FrameworkCheck(context, scr, () -> Optional.ofNullable(units));
        String version = distributionVersion(context.getProperty("jujube.dist"));
        Duration deadline = deadline(context);
        new AgentStartup(agent + "'s bundles", state::awaitEnvironment, worker, Backoff.AGENT).start(() -> {
            // the connection's API is there once the environment is: an agent's connection redeems its
            // credentials first
            BundleUpdates updates = new BundleUpdates(agent, state.agentBundles(), BundleUpdateDirectory.of(Path.of(deploy)),
                    framework, version, deadline, new ObjectMapper(), Clock.systemUTC());
            try {
                updates.resume();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (watch == null) {
                watch = state.agentBundles().watchTarget(agent, change -> change.current().ifPresent(target -> {
                    try {
                        worker.execute(() -> apply(updates, agent, target));
                    } catch (java.util.concurrent.RejectedExecutionException stopping) {
                        // deactivated meanwhile: the next activation reads the target again
                    }
                }));
            }
        });
    }

    private static void apply(BundleUpdates updates, String agent, AgentUpgradeTarget target) {
        try {
            updates.apply(target);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopping: the journal lets the next activation go on
        } catch (IOException | RuntimeException e) {
            LOG.error("{}: request {} could not be applied: {}", agent, target.generation(), e.toString());
        }
    }

    /** The version in {@code <distribution>/lib/dist.properties}, empty when there is none. */
    static String distributionVersion(String distribution) {
        if (distribution == null || distribution.isBlank()) {
            return "";
        }
        Path file = Path.of(distribution, "lib", "dist.properties");
        try (InputStream in = Files.newInputStream(file)) {
            Properties p = new Properties();
            p.load(new java.io.ByteArrayInputStream(in.readNBytes(4096)));
            return p.getProperty("version", "").strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static Duration deadline(BundleContext context) {
        String ms = context.getProperty("jujube.upgrade.deadline.ms");
        try {
            return ms == null || ms.isBlank() ? DEFAULT_DEADLINE : Duration.ofMillis(Long.parseLong(ms.strip()));
        } catch (NumberFormatException e) {
            LOG.warn("jujube.upgrade.deadline.ms is not a number of milliseconds: '{}'; using {} s", ms,
                    DEFAULT_DEADLINE.toSeconds());
            return DEFAULT_DEADLINE;
        }
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        Watch w = watch;
        if (w != null) {
            w.close();
        }
        worker.shutdownNow();
        worker.awaitTermination(10, TimeUnit.SECONDS);
    }
}
