package jujube.subordinate.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationScope;
import jujube.state.MachineHandle;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

/**
 * What the state says about containers, read once per pass: this machine's units, the container-scoped
 * relations, the services whose charm is subordinate, and the units assigned to this machine.
 *
 * @param units the units assigned to or deployed on this machine and the subordinates in their containers, by
 *              name: all a container-scope decision here can see, read without reading the environment's
 *              other units
 * @param containerRelations the relations whose scope is {@code container}
 * @param subordinateServices the services (of those relations) whose charm says {@code subordinate: true}
 * @param assigned the principal units assigned to this machine
 */
record ContainerSnapshot(Map<UnitName, UnitInfo> units, List<RelationInfo> containerRelations,
        Set<String> subordinateServices, Set<UnitName> assigned) {

    ContainerSnapshot {
        units = Map.copyOf(units);
        containerRelations = List.copyOf(containerRelations);
        subordinateServices = Set.copyOf(subordinateServices);
        assigned = Set.copyOf(assigned);
    }

    /**
     * Reads the snapshot. {@code subordinateCharms} caches, by charm id, whether a charm is subordinate: a
     * published charm never changes.
     */
    static ContainerSnapshot read(MachineHandle state, Set<UnitName> assigned, Set<UnitName> deployed,
            Map<String, Boolean> subordinateCharms) {
        List<RelationInfo> relations = state.relations().stream()
                .filter(r -> r.scope() == RelationScope.CONTAINER).toList();
        Set<String> related = relations.stream().flatMap(r -> r.endpoints().stream())
                .map(RelationEndpoint::serviceName).collect(Collectors.toSet());
        Set<String> subordinates = related.stream().filter(service -> {
            String charmId = state.service(service).charmId();
            // the metadata is the charm's metadata.yaml as published: subordinate is a YAML boolean
            return subordinateCharms.computeIfAbsent(charmId,
                    id -> Boolean.TRUE.equals(state.charm(id).metadata().get("subordinate")));
        }).collect(Collectors.toSet());
        Set<UnitName> machineUnits = new TreeSet<>(assigned);
        machineUnits.addAll(deployed);
        Map<UnitName, UnitInfo> units = state.withSubordinates(machineUnits);
        return new ContainerSnapshot(units, relations, subordinates, assigned);
    }

    /** The subordinate services a container relation ties to the principal service {@code service}. */
    Set<String> subordinatesOf(String service) {
        if (subordinateServices.contains(service)) {
            return Set.of();
        }
        return containerRelations.stream().filter(r -> r.endpointOf(service).isPresent())
                .flatMap(r -> r.endpoints().stream()).map(RelationEndpoint::serviceName)
                .filter(other -> !other.equals(service) && subordinateServices.contains(other))
                .collect(Collectors.toSet());
    }

    /** The container of every unit of {@code service} that lives in one, as unit name to principal name. */
    Map<String, String> containersOf(String service) {
        Map<String, String> result = new TreeMap<>();
        units.values().stream().filter(u -> u.name().service().equals(service))
                .forEach(u -> u.container().ifPresent(c -> result.put(u.name().toString(), c.toString())));
        return result;
    }

    Optional<UnitInfo> unit(UnitName name) {
        return Optional.ofNullable(units.get(name));
    }
}
