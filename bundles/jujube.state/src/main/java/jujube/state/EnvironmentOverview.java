package jujube.state;

import jujube.model.CharmRecord;
import jujube.model.MachineInfo;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitStatus;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything status shows, read together: see {@link StateConnection#overview()}.
 *
 * @param machines the machines, in the topology's order
 * @param services the services, by name
 * @param exposedServices the names of the exposed services
 * @param relations the relations
 * @param units every unit's status, by name
 * @param charms the published charms the services run, by id (a charm that is not published is absent)
 * @param leaders the unit leading each service that has a leader now, by service name
 * @param applicationStatuses the application status each service's leader set, by service name
 * @since 1.6
 */
public record EnvironmentOverview(List<MachineInfo> machines, List<ServiceInfo> services, Set<String> exposedServices,
        List<RelationInfo> relations, List<UnitStatus> units, Map<String, CharmRecord> charms,
        Map<String, jujube.model.UnitName> leaders, Map<String, jujube.model.WorkloadStatus> applicationStatuses) {
    public EnvironmentOverview {
        machines = List.copyOf(machines);
        services = List.copyOf(services);
        exposedServices = Set.copyOf(exposedServices);
        relations = List.copyOf(relations);
        units = List.copyOf(units);
        charms = Map.copyOf(charms);
        leaders = Map.copyOf(leaders);
        applicationStatuses = Map.copyOf(applicationStatuses);
    }

    /**
     * A service's application status as status shows it, in every format and on the dashboard: the one its
     * leader set, else the one Go juju derives from its units' workload statuses (the most severe, see
     * {@link jujube.model.WorkloadStatus#mostSevere}); empty when neither is there (no unit described its
     * workload yet).
     *
     * @since 8.1
     */
    public java.util.Optional<jujube.model.WorkloadStatus> applicationStatus(String service) {
        jujube.model.WorkloadStatus set = applicationStatuses.get(service);
        if (set != null) {
            return java.util.Optional.of(set);
        }
        return jujube.model.WorkloadStatus.mostSevere(units.stream()
                .filter(u -> u.info().name().service().equals(service))
                .flatMap(u -> u.shownWorkload().stream()).toList());
    }
}
