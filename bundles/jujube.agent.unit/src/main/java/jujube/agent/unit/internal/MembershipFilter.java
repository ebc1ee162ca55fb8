package jujube.agent.unit.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import jujube.spi.RelationScopeHandler;
import jujube.model.UnitName;
import jujube.state.UnitHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Narrows a related-units snapshot to the units the relation's scope lets this unit see, asking the
 * {@link ScopeHandlers} afresh at every membership change so a handler swapped at runtime takes effect
 * at the next event. The state's watch is already container-aware; passing through the handler anyway
 * keeps the SPI the one place that decides. Settings versions are clamped at 0: a unit whose settings
 * node the watch has not seen yet counts as a new unit (version 0).
 */
final class MembershipFilter {
    private static final Logger LOG = LoggerFactory.getLogger(MembershipFilter.class);
    private final UnitHandle unitState;
    private final UnitName self;
    private final String scope;
    private final ScopeHandlers handlers;
    /** A unit's container never changes, so what was read once stays true. */
    private final Map<UnitName, UnitName> containers = new ConcurrentHashMap<>();

    MembershipFilter(UnitHandle unitState, UnitName self, String scope, ScopeHandlers handlers) {
        this.unitState = unitState;
        this.self = self;
        this.scope = scope;
        this.handlers = handlers;
    }

    /** The related units {@code self} may see, with their settings versions. */
    Map<UnitName, Integer> visible(Map<UnitName, Integer> related) {
        Map<UnitName, Integer> result = new TreeMap<>();
        related.forEach((unit, version) -> result.put(unit, Math.max(0, version)));
        RelationScopeHandler handler;
        try {
            handler = handlers.forScope(scope);
        } catch (IllegalStateException e) {
            // the state's watch is scope-aware already: unfiltered is still right, just not swappable
            LOG.warn("unit={}: no relation-scope handler for scope {}; using the watch's view", self, scope);
            return result;
        }
        learnContainers(related.keySet());
        Map<String, String> candidates = new TreeMap<>();
        for (UnitName unit : related.keySet()) {
            UnitName container = containerOf(unit);
            if (container != null) {
                candidates.put(unit.toString(), container.toString());
            }
        }
        UnitName own = containerOf(self);
        Set<String> visible = handler.visible(self.toString(), (own != null ? own : self).toString(), candidates);
        result.keySet().removeIf(unit -> !visible.contains(unit.toString()));
        return result;
    }

    /**
     * Reads the containers of the units not known yet (and of this unit) in one look-up of those units
     * alone: when hundreds of units join at once, each agent reads only the joiners, never every unit of
     * the environment.
     */
    private void learnContainers(Set<UnitName> related) {
        List<UnitName> unknown = new ArrayList<>();
        for (UnitName unit : related) {
            if (!containers.containsKey(unit)) {
                unknown.add(unit);
            }
        }
        if (!containers.containsKey(self)) {
            unknown.add(self);
        }
        if (!unknown.isEmpty()) {
            containers.putAll(unitState.containers(unknown));
        }
    }

    /** The principal whose container {@code unit} lives in (itself for a principal); null once it is gone. */
    private UnitName containerOf(UnitName unit) {
        return containers.get(unit); // null: removed meanwhile, its departure is on its way
    }
}
