package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.agent.unit.UnitAgent;
import jujube.hooks.HookExecutors;
import jujube.hooks.HookInvoker;
import jujube.hooks.UnitHookRunners;
import jujube.spi.CharmUpgradeHandler;
import jujube.spi.RelationScopeHandler;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit agent as a DS factory component: one instance per factory configuration of pid
 * {@code jujube.agent.unit} (see {@link UnitAgentConfig} for the machine agent's contract). Activation
 * only starts the agent's thread; the work, ZooKeeper included, happens there. Deactivation stops the
 * thread and leaves the unit as it is (no hook, no transition), so a reactivation, after a bundle update
 * for instance, resumes exactly where this one stopped.
 *
 * <p>The charm-upgrade and relation-scope handlers are dynamic greedy references: a better-ranked handler
 * installed while the agent runs is used from the next upgrade or membership change on.
 */
@Component(configurationPid = "jujube.agent.unit", configurationPolicy = ConfigurationPolicy.REQUIRE,
        immediate = true, service = UnitAgent.class)
@Designate(ocd = UnitAgentConfig.class, factory = true)
public final class UnitAgentComponent implements UnitAgent {
    private static final Logger LOG = LoggerFactory.getLogger(UnitAgentComponent.class);
    private final RankedScopeHandlers scopes = new RankedScopeHandlers();
    private final UnitAgentRuntime runtime;
    private final String unitName;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile CharmUpgradeHandler upgradeHandler;

    private final boolean retireAtStart;
    private final UnitAgentSettings settings;

    @Activate
    public UnitAgentComponent(@Reference(name = "state") StateConnection state,
            @Reference(name = "invoker") HookInvoker invoker, @Reference(name = "executors") HookExecutors executors,
            @Reference(name = "runners") UnitHookRunners runners, UnitAgentConfig config) {
        this.settings = UnitAgentSettings.of(config);
        this.unitName = settings.unit().toString();
        this.retireAtStart = config.retire();
        this.runtime = new UnitAgentRuntime(settings, new UnitAgentRuntime.Collaborators(state, invoker, executors,
                runners, new ObjectMapper(), () -> Optional.ofNullable(upgradeHandler), scopes, RelationLifecycles::new,
                Clock.systemUTC()));
    }

    /** Runs after the dynamic references are bound, so the agent's first relation events find the handlers. */
    @Activate
    void activate() {
        if (retireAtStart) {
            runtime.retire();
        }
        runtime.start();
        LOG.info("unit agent {} activated", unitName);
    }

    /**
     * A configuration changed while the agent runs. {@code retire} is acted on at once. Every other property
     * is fixed for the life of an activation: the machine agent never changes the identity ones (unit,
     * directories, charm storage: a new unit is a new factory configuration), and the hook retry and timeout
     * settings are built into the running agent's retry schedule and invoker calls. A change to any of them
     * is reported in one line and applies from the agent's next activation (a machine agent restart or a
     * bundle update), which resumes the unit where it stands; it is never silently dropped.
     */
    @Modified
    void modified(UnitAgentConfig config) {
        try {
            List<String> changed = UnitAgentSettings.of(config).differencesFrom(settings);
            if (!changed.isEmpty()) {
                LOG.warn("unit {}: {} changed while its agent runs; the change applies from the agent's next "
                        + "activation (machine agent restart or bundle update)", unitName, String.join(", ", changed));
            }
        } catch (IllegalArgumentException e) {
            LOG.warn("unit {}: the changed configuration is invalid and is not used: {}", unitName, e.getMessage());
        }
        if (config.retire()) {
            LOG.info("unit {}: asked to retire", unitName);
            runtime.retire();
        }
    }

    @Deactivate
    void deactivate() {
        runtime.close();
        LOG.info("unit agent {} deactivated", unitName);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addScopeHandler(RelationScopeHandler handler, Map<String, Object> properties) {
        scopes.add(handler, properties);
    }

    void updatedScopeHandler(RelationScopeHandler handler, Map<String, Object> properties) {
        scopes.remove(handler);
        scopes.add(handler, properties);
    }

    void removeScopeHandler(RelationScopeHandler handler) {
        scopes.remove(handler);
    }

    @Override
    public String unitName() {
        return unitName;
    }

    @Override
    public String workflowState() {
        return runtime.workflowState();
    }

    @Override
    public boolean isConnected() {
        return runtime.isConnected();
    }

    @Override
    public boolean isRetired() {
        return runtime.isRetired();
    }
}
