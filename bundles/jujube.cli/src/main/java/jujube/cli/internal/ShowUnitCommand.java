package jujube.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.model.NoSuchUnitException;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.state.EnvironmentOverview;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube show-unit UNIT}: one unit described as Go juju 3's show-unit does, from one read of the
 * environment: its service and charm, machine (or principal, for a subordinate), leadership, agent and
 * workload status, address, opened ports, subordinates, and each relation it takes part in with the
 * related units: the other services' units (for a container relation, those in the same container; for a
 * peer relation, the service's other units). Relation settings are not shown.
 */
@Command(name = "show-unit", description = "Describe one unit: its status, machine, leadership, ports and relations.")
public final class ShowUnitCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "UNIT")
    String unitName;

    @Option(names = "--format", defaultValue = "yaml", description = "yaml or json.")
    StatusFormat format;

    @Override
    int run(EnvironmentSession session) {
        if (format != StatusFormat.yaml && format != StatusFormat.json) {
            throw usage("show-unit prints yaml or json, not " + format);
        }
        UnitName name = UnitName.parse(unitName);
        EnvironmentOverview overview = session.state().overview();
        out().print(format.render(Map.of(name.toString(), describe(overview, name))));
        return 0;
    }

    /** The unit's description; fails when the unit does not exist. */
    static Map<String, Object> describe(EnvironmentOverview overview, UnitName name) {
        UnitStatus u = overview.units().stream().filter(s -> s.info().name().equals(name)).findFirst()
                .orElseThrow(() -> new NoSuchUnitException(name.toString()));
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("service", name.service());
        shown.put("charm", u.info().charmId());
        shown.put("life", "alive");
        u.info().machineId().ifPresent(m -> shown.put("machine", Integer.toString(m)));
        u.info().container().ifPresent(p -> shown.put("principal", p.toString()));
        shown.put("leader", name.equals(overview.leaders().get(name.service())));
        shown.put("agent-state", StatusReport.agentState(u));
        if (!u.info().workflowStateInfo().isEmpty()) {
            shown.put("agent-state-info", u.info().workflowStateInfo());
        }
        u.shownWorkload().ifPresent(w -> shown.put("workload-status", StatusReport.workloadStatus(w)));
        u.workload().ifPresent(w -> {
            if (!w.version().isEmpty()) {
                shown.put("workload-version", w.version());
            }
        });
        if (!u.info().publicAddress().isEmpty()) {
            shown.put("public-address", u.info().publicAddress());
        }
        if (!u.ports().isEmpty()) {
            shown.put("opened-ports", u.ports().stream().sorted().map(Object::toString).toList());
        }
        List<String> subordinates = overview.units().stream()
                .filter(s -> s.info().container().map(name::equals).orElse(false))
                .map(s -> s.info().name().toString()).sorted().toList();
        if (!subordinates.isEmpty()) {
            shown.put("subordinates", subordinates);
        }
        List<Map<String, Object>> relations = new ArrayList<>();
        for (RelationInfo r : overview.relations()) {
            Optional<RelationEndpoint> mine = r.endpointOf(name.service());
            if (mine.isEmpty()) {
                continue;
            }
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("relation-id", r.id());
            info.put("endpoint", mine.get().relationName());
            r.endpoints().stream().filter(e -> !e.equals(mine.get())).findFirst()
                    .ifPresent(other -> info.put("related-endpoint", other.relationName()));
            info.put("interface", r.interfaceName());
            info.put("scope", r.scope().name().toLowerCase(java.util.Locale.ROOT));
            info.put("related-units", related(overview, r, u));
            relations.add(info);
        }
        shown.put("relation-info", relations);
        return shown;
    }

    private static List<String> related(EnvironmentOverview overview, RelationInfo r, UnitStatus u) {
        UnitName self = u.info().name();
        UnitName container = u.info().container().orElse(self);
        List<String> related = new ArrayList<>();
        for (UnitStatus other : overview.units()) {
            UnitName n = other.info().name();
            boolean peer = r.endpoints().size() == 1;
            boolean inRelation = peer ? n.service().equals(self.service()) && !n.equals(self)
                    : !n.service().equals(self.service()) && r.endpointOf(n.service()).isPresent();
            if (!inRelation) {
                continue;
            }
            if (r.scope() == RelationScope.CONTAINER && !other.info().container().orElse(n).equals(container)) {
                continue;
            }
            related.add(n.toString());
        }
        related.sort(null);
        return related;
    }
}
