package jujube.state.store;

/**
 * Where each part of a version-3 topology lives: a small root and one node per machine, service, unit and
 * relation, so that a change writes what it changes and a reader reads what it needs. Children serve as
 * indexes: a machine's children are its principal units, a unit's the subordinates in its container, a
 * service's {@code units} child has one child per unit number and its {@code relations} child one per
 * relation of the service.
 *
 * <pre>
 * /topology                              version, unit-sequence (next numbers of removed services' names)
 * /topology/machines/machine-N           {}                 children: unit ids placed there
 * /topology/services/service-N           name, unit-sequence
 * /topology/services/service-N/units/K   unit: the id of unit number K
 * /topology/services/service-N/relations {}                 children: relation ids
 * /topology/units/unit-N                 service, sequence, machine, container
 * /topology/units/unit-N/unit-M          {}                 a subordinate in the unit's container
 * /topology/relations/relation-N         interface, scope, services
 * /topology/unit-ids                     next: the first unit id not reserved ({@link UnitIdBlocks})
 * </pre>
 */
public final class TopologyLayout {
    static final String ROOT = Paths.TOPOLOGY;
    public static final String MACHINES = ROOT + "/machines";
    public static final String SERVICES = ROOT + "/services";
    public static final String UNITS = ROOT + "/units";
    public static final String RELATIONS = ROOT + "/relations";
    /** The next unit id not reserved by any connection ({@link UnitIdBlocks}). */
    static final String UNIT_IDS = ROOT + "/unit-ids";

    private TopologyLayout() {}

    public static String machine(String machineKey) {
        return MACHINES + "/" + machineKey;
    }

    static String placement(String machineKey, String unitId) {
        return machine(machineKey) + "/" + unitId;
    }

    public static String service(String serviceId) {
        return SERVICES + "/" + serviceId;
    }

    static String serviceUnits(String serviceId) {
        return service(serviceId) + "/units";
    }

    static String serviceUnit(String serviceId, int sequence) {
        return serviceUnits(serviceId) + "/" + sequence;
    }

    static String serviceRelations(String serviceId) {
        return service(serviceId) + "/relations";
    }

    public static String unit(String unitId) {
        return UNITS + "/" + unitId;
    }

    static String subordinate(String containerUnitId, String unitId) {
        return unit(containerUnitId) + "/" + unitId;
    }

    public static String relation(String relationId) {
        return RELATIONS + "/" + relationId;
    }
}
