package jujube.state.store;

import jujube.access.policy.Principals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import jujube.model.MachineInfo;
import jujube.model.NoSuchCharmException;
import jujube.model.Placement;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationScope;
import jujube.model.ServiceInfo;
import jujube.model.StateException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.EndpointEntry;

/**
 * The additions that create nodes along with their topology entries, as steps of a
 * {@link TopologyTransaction}'s plan: each changes the topology through {@link TopologyChanges} (which
 * checks its invariants) and adds its nodes to the draft, so steps combine into one transaction. A new
 * machine or unit gets its identity (credentials, digest and group membership) and a new service its group
 * in the same transaction, and every node's ACL is the access policy's for the topology the transaction
 * writes.
 */
public final class TopologyAdditions {
    /** The machine node's key saying placement made the machine for a unit. */
    public static final String MADE_FOR_UNIT = "made-for-unit";
    /**
     * The unit node's key holding when the unit was added (ISO-8601): the time of its first workload status,
     * until its agent writes one. Kept in the node rather than a node of its own: a deploy of 500 units
     * stays one ZooKeeper request.
     */
    public static final String UNIT_ADDED = "added";

    private TopologyAdditions() {}

    public static MachineInfo machine(Topology t, TransactionDraft draft) {
        return machine(t, draft, "");
    }

    /** A machine whose instance, unless {@code instanceId} is empty, was started by someone else than the provisioning agent. */
    public static MachineInfo machine(Topology t, TransactionDraft draft, String instanceId) {
        return machine(t, draft, instanceId, false);
    }

    /**
     * A machine; {@code madeForUnit} when placement makes it for a new unit (recorded in its node as
     * {@value #MADE_FOR_UNIT}), the only kind removed when its last unit leaves: one the operator added
     * stays until terminate-machine.
     */
    static MachineInfo machine(Topology t, TransactionDraft draft, String instanceId, boolean madeForUnit) {
        String key = draft.newId(Paths.MACHINE_PREFIX);
        Map<String, Object> content = new java.util.LinkedHashMap<>();
        if (!instanceId.isEmpty()) {
            content.put("provider-machine-id", instanceId);
        }
        if (madeForUnit) {
            content.put(MADE_FOR_UNIT, true);
        }
        draft.create(Paths.MACHINES + "/" + key, content);
        draft.quota(Paths.MACHINES + "/" + key, WriteQuotas.MACHINE);
        draft.member(Principals.ENVIRONMENT, draft.principal(key));
        draft.bounded(Paths.logWriterDir(key), WriteQuotas.LOG);
        TopologyChanges.addMachine(t, key);
        return new MachineInfo(Paths.machineId(key), instanceId, false);
    }

    /** A service with no units, running a charm that must still be published when the transaction is applied. */
    public static ServiceInfo service(Topology t, TransactionDraft draft, String name, String charmId, Map<String, Object> config) {
        draft.require(Paths.charm(charmId), () -> new NoSuchCharmException(charmId));
        String id = draft.newId(Paths.SERVICE_PREFIX);
        TopologyChanges.addService(t, id, name);
        draft.create(Paths.service(id), Map.of("charm", charmId));
        draft.create(Paths.service(id) + "/config", config);
        draft.create(Paths.serviceLeadership(id), null);
        draft.create(Paths.leaderSettings(id), Map.of());
        draft.create(Paths.applicationStatus(id), Map.of());
        draft.group(id); // its units, which the configuration's ACL names
        return new ServiceInfo(id, name, charmId, List.of());
    }

    /** A relation; a global one gets its scope and settings nodes at once, a container one per container on join. */
    public static RelationInfo relation(Topology t, TransactionDraft draft, String interfaceName, RelationScope scope,
            List<RelationEndpoint> endpoints) {
        Map<String, EndpointEntry> byService = new TreeMap<>();
        for (RelationEndpoint e : endpoints) {
            if (byService.put(t.serviceId(e.serviceName()), new EndpointEntry(e.relationName(), e.role())) != null) {
                throw new StateException("service '" + e.serviceName() + "' appears twice in the relation over '"
                        + interfaceName + "'");
            }
        }
        String id = draft.newId(Paths.RELATION_PREFIX);
        TopologyChanges.addRelation(t, id, interfaceName, scope, byService);
        String node = Paths.relation(id);
        draft.create(node, null);
        // one application data bag per service, whatever the scope: Go juju's bags are per relation
        byService.keySet().forEach(sid -> draft.createWithAncestors(node, Paths.appSettings(id, sid)));
        if (scope == RelationScope.GLOBAL) {
            RelationScopePaths paths = new RelationScopePaths(id, scope, null);
            endpoints.forEach(e -> draft.createWithAncestors(node, paths.members(e.role())));
            draft.createWithAncestors(node, paths.settingsContainer());
            // each unit's settings node, owned by the unit: no agent may create one, not even its own
            byService.keySet().forEach(sid -> t.unitsOf(sid).keySet()
                    .forEach(unitId -> draft.create(paths.settings(unitId), null)));
        }
        return new RelationInfo(id, interfaceName, scope, endpoints);
    }

    /**
     * {@code count} principal units of a service running {@code charmId}, placed by {@code placement}
     * (null: unassigned), in order of their numbers.
     */
    public static List<UnitInfo> units(Topology t, TransactionDraft draft, String serviceId, String charmId, int count,
            Placement placement) {
        MachineChoice machines = new MachineChoice(t, draft, placement);
        // what every unit's addition looks up, read in one request: its service's relations and its machine
        List<String> ahead = new ArrayList<>(t.relationsOfService(serviceId).stream().map(TopologyLayout::relation).toList());
        if (placement instanceof Placement.Machine m) {
            ahead.add(TopologyLayout.machine(Paths.machineKey(m.id())));
        }
        t.nodes().prefetch(ahead);
        draft.reserveUnitIds(count);
        List<UnitInfo> units = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            UnitInfo unit = unit(t, draft, serviceId, charmId, null);
            OptionalInt machine = OptionalInt.empty();
            if (placement != null) {
                String key = machines.next();
                TopologyChanges.assignUnit(t, unit.id(), key);
                machine = OptionalInt.of(Paths.machineId(key));
            }
            units.add(new UnitInfo(unit.id(), unit.name(), charmId, machine, Optional.empty(), "", "", "", false));
        }
        return units;
    }

    /** A unit, unassigned; a subordinate when {@code containerUnitId} is not null. */
    public static UnitInfo unit(Topology t, TransactionDraft draft, String serviceId, String charmId, String containerUnitId) {
        String id = draft.newId(Paths.UNIT_PREFIX);
        UnitName name = TopologyChanges.addUnit(t, serviceId, id, containerUnitId);
        draft.create(Paths.unit(id), Map.of("charm", charmId, UNIT_ADDED, java.time.Instant.now().toString()));
        draft.quota(Paths.unit(id), WriteQuotas.UNIT);
        // its own credential, readable by its machine once it is assigned one, and its place in its service's group
        draft.member(serviceId, draft.principal(id));
        draft.bounded(Paths.logWriterDir(id), WriteQuotas.LOG);
        t.relations(t.relationsOfService(serviceId)).forEach((relationId, r) -> {
            // its settings node in its service's global relations; a container's scope is prepared per container
            if (r.scope() == RelationScope.GLOBAL) {
                draft.create(new RelationScopePaths(relationId, RelationScope.GLOBAL, null).settings(id), null);
            }
        });
        Optional<UnitName> container = Optional.ofNullable(containerUnitId).map(t::unitName);
        return new UnitInfo(id, name, charmId, OptionalInt.empty(), container, "", "", "", false);
    }

    /** The machine each new unit goes to, by a placement, against the topology being changed. */
    private static final class MachineChoice {
        private final Topology t;
        private final TransactionDraft draft;
        private final Placement placement;
        private Deque<String> unused;

        MachineChoice(Topology t, TransactionDraft draft, Placement placement) {
            this.t = t;
            this.draft = draft;
            this.placement = placement;
        }

        String next() {
            if (placement instanceof Placement.Machine m) {
                return Paths.machineKey(m.id());
            }
            if (unused == null) {
                unused = unusedMachines();
            }
            return unused.isEmpty() ? Paths.machineKey(machine(t, draft, "", true).id()) : unused.poll();
        }

        /** Machines other than 0 with no principal unit, in order; found once, then taken one by one. */
        private Deque<String> unusedMachines() {
            Deque<String> free = new ArrayDeque<>();
            t.machinesWithoutUnits(t.machineKeys()).forEach((key, empty) -> {
                if (empty && !key.equals(Paths.machineKey(0))) {
                    free.add(key);
                }
            });
            return free;
        }
    }
}
