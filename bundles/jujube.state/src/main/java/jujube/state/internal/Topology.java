package jujube.state.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.state.NoSuchMachineException;
import jujube.state.NoSuchRelationException;
import jujube.state.NoSuchServiceException;
import jujube.state.NoSuchUnitException;
import jujube.state.UnitName;
import jujube.state.internal.TopologyEntries.RelationEntry;
import jujube.state.internal.TopologyEntries.ServiceEntry;
import jujube.state.internal.TopologyEntries.UnitEntry;

/**
 * The decoded {@code /topology}: plain data plus lookups. It is mutable on purpose and short-lived:
 * each compare-and-set attempt decodes a fresh copy, changes it through {@link TopologyChanges} and
 * encodes it again. Sorted maps keep the encoded YAML stable, so an unchanged topology is not written.
 */
final class Topology {
    static final int VERSION = 2;

    final TreeMap<String, Map<String, Object>> machines = new TreeMap<>();
    final TreeMap<String, ServiceEntry> services = new TreeMap<>();
    final TreeMap<String, Integer> unitSequence = new TreeMap<>();
    final TreeMap<String, RelationEntry> relations = new TreeMap<>();

    String serviceId(String name) {
        return findServiceId(name).orElseThrow(() -> new NoSuchServiceException(name));
    }

    // The lookups below are plain loops, not streams: a status of 200 units calls them for every unit, in
    // a JVM that has just started, where each stream stage is interpreted, cold code.
    Optional<String> findServiceId(String name) {
        for (Map.Entry<String, ServiceEntry> e : services.entrySet()) {
            if (e.getValue().name().equals(name)) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    ServiceEntry service(String serviceId) {
        ServiceEntry s = services.get(serviceId);
        if (s == null) {
            throw new NoSuchServiceException(serviceId);
        }
        return s;
    }

    String unitId(UnitName name) {
        Optional<String> serviceId = findServiceId(name.service());
        if (serviceId.isPresent()) {
            for (Map.Entry<String, UnitEntry> e : services.get(serviceId.get()).units().entrySet()) {
                if (e.getValue().sequence() == name.number()) {
                    return e.getKey();
                }
            }
        }
        throw new NoSuchUnitException(name.toString());
    }

    /** The service id owning a unit id. */
    String serviceOfUnit(String unitId) {
        for (Map.Entry<String, ServiceEntry> e : services.entrySet()) {
            if (e.getValue().units().containsKey(unitId)) {
                return e.getKey();
            }
        }
        throw new NoSuchUnitException(unitId);
    }

    UnitEntry unit(String unitId) {
        return services.get(serviceOfUnit(unitId)).units().get(unitId);
    }

    UnitName unitName(String unitId) {
        ServiceEntry service = services.get(serviceOfUnit(unitId));
        return new UnitName(service.name(), service.units().get(unitId).sequence());
    }

    void requireMachine(String machineKey) {
        if (!machines.containsKey(machineKey)) {
            throw new NoSuchMachineException(Paths.machineId(machineKey));
        }
    }

    RelationEntry relation(String relationId) {
        RelationEntry r = relations.get(relationId);
        if (r == null) {
            throw new NoSuchRelationException(relationId);
        }
        return r;
    }

    List<String> relationsOfService(String serviceId) {
        List<String> ids = new ArrayList<>();
        relations.forEach((id, r) -> {
            if (r.services().containsKey(serviceId)) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** Principal units assigned to the machine, by name. */
    List<UnitName> unitsOnMachine(String machineKey) {
        List<UnitName> names = new ArrayList<>();
        services.values().forEach(s -> s.units().forEach((id, u) -> {
            if (machineKey.equals(u.machine())) {
                names.add(new UnitName(s.name(), u.sequence()));
            }
        }));
        names.sort(null);
        return names;
    }

    /** Every unit's name, by unit id. */
    Map<String, UnitName> unitNames() {
        Map<String, UnitName> names = new TreeMap<>();
        services.values().forEach(s -> s.units().forEach((id, u) -> names.put(id, new UnitName(s.name(), u.sequence()))));
        return names;
    }
}
