package jujube.agent.bundles.internal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import jujube.agent.unit.UnitAgent;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * {@link WorkingUnits} from the unit agents' services. Disabled until {@link AgentBundlesComponent} enables
 * it in a machine agent: the controller has no unit agents, nor their API, which this bundle imports optionally.
 */
@Component(enabled = false)
public final class UnitAgentsProbe implements WorkingUnits {
    private final List<UnitAgent> agents = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(UnitAgent agent) {
        agents.add(agent);
    }

    void removeAgent(UnitAgent agent) {
        agents.remove(agent);
    }

    @Override
    public Set<String> connected() {
        return agents.stream().filter(UnitAgent::isConnected).map(UnitAgent::unitName).collect(Collectors.toSet());
    }
}
