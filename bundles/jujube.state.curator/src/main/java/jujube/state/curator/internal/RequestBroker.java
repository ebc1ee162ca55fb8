package jujube.state.curator.internal;

import jujube.state.store.AccessControl;
import jujube.state.store.Fields;
import jujube.state.store.MachineRequests;
import jujube.state.store.Paths;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.TopologyFacts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.lib.threads.ThreadFactories;
import jujube.model.MachineHasUnitsException;
import jujube.model.NoSuchMachineException;
import jujube.model.NoSuchUnitException;
import jujube.model.RelationScope;
import jujube.model.StateException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's side of {@link MachineRequests}: it watches every machine's requests, claims each
 * pending one (compare-and-set on its version, so two brokers never both carry one out), checks it
 * against the topology and carries it out as the administrator. What a machine may ask:
 * <ul>
 * <li>{@code add-subordinate} (service, principal): the principal is assigned to that machine, the
 * service's charm is subordinate and a container relation ties it to the principal's service; answered
 * with the unit, the existing one if the container has one already;</li>
 * <li>{@code remove-unit} (unit): a subordinate whose container is on that machine;</li>
 * <li>{@code remove-machine}: that machine, not machine 0, with placement {@code unassigned}, and only when
 * placement made it for a unit (one the operator added stays);</li>
 * <li>{@code grant-unit} (unit id) and {@code prepare-scope} (relation, unit id): for a unit assigned to
 * that machine, what an administrator's command killed half-way left out (its credentials readable by the
 * machine, its nodes in a relation's scope).</li>
 * </ul>
 * Requests run one at a time, on this broker's thread.
 */
final class RequestBroker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RequestBroker.class);
    private static final Pattern REQUEST = Pattern.compile("/machines/(machine-[0-9]+)/requests/request-[0-9]+");
    private final StateContext ctx;
    private final CuratorUnits units;
    private final CuratorMachines machines;
    private final CuratorCharms charms;
    private final ExecutorService executor;
    private final CuratorCache cache;

    RequestBroker(StateContext ctx, CuratorUnits units, CuratorMachines machines, CuratorCharms charms) {
        this.ctx = ctx;
        this.units = units;
        this.machines = machines;
        this.charms = charms;
        this.executor = Executors.newSingleThreadExecutor(ThreadFactories.daemon("jujube-state-requests"));
        this.cache = CuratorCache.build(ctx.client(), Paths.MACHINES);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, now) -> offer(now)).build());
        cache.start();
    }

    private void offer(ChildData node) {
        Matcher m = REQUEST.matcher(node.getPath());
        if (m.matches() && node.getData() != null) {
            Map<String, Object> content = ctx.reader().parse(node.getPath(), node.getData());
            if (MachineRequests.PENDING.equals(content.get("state"))) {
                executor.execute(() -> serve(node.getPath(), m.group(1)));
            }
        }
    }

    private void serve(String path, String machineKey) {
        Map<String, Object> content;
        Stat stat = new Stat();
        try {
            content = ctx.reader().parse(path, ctx.client().getData().storingStatIn(stat).forPath(path));
            if (!MachineRequests.PENDING.equals(content.get("state"))) {
                return;
            }
            content.put("state", MachineRequests.RUNNING);
            ctx.client().setData().withVersion(stat.getVersion()).forPath(path, ctx.reader().bytes(content));
        } catch (KeeperException.NoNodeException | KeeperException.BadVersionException e) {
            return; // its machine's session ended, or another broker claimed it
        } catch (Exception e) {
            LOG.warn("cannot claim request {}: {}", path, e.toString());
            return;
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("state", MachineRequests.DONE);
        Object op = content.get("op");
        try {
            answer.put("result", carryOut(machineKey, op, content));
            LOG.info("{}: {} {} done", machineKey, op, arguments(content));
        } catch (NoSuchUnitException e) {
            answer.put("error", e.getMessage());
            answer.put("kind", "no-such-unit");
            answer.put("subject", String.valueOf(content.get("unit") != null ? content.get("unit") : content.get("principal")));
        } catch (NoSuchMachineException e) {
            answer.put("error", e.getMessage());
            answer.put("kind", "no-such-machine");
            answer.put("subject", Paths.machineId(machineKey));
        } catch (MachineHasUnitsException e) {
            answer.put("error", e.getMessage());
            answer.put("kind", "machine-has-units");
            answer.put("subject", Paths.machineId(machineKey));
            answer.put("units", machines.assignedUnits(Paths.machineId(machineKey)).stream().map(UnitName::toString).toList());
        } catch (StateException | IllegalArgumentException e) {
            LOG.warn("{}: {} {} refused: {}", machineKey, op, arguments(content), e.getMessage());
            answer.put("error", e.getMessage());
        }
        try {
            ctx.client().setData().forPath(path, ctx.reader().bytes(answer));
        } catch (KeeperException.NoNodeException e) {
            // its machine's session ended: the machine's next pass sees the outcome in the state
        } catch (Exception e) {
            LOG.warn("cannot answer request {}: {}", path, e.toString());
        }
    }

    private static Map<String, Object> arguments(Map<String, Object> content) {
        Map<String, Object> args = new LinkedHashMap<>(content);
        args.remove("op");
        args.remove("state");
        return args;
    }

    private Map<String, Object> carryOut(String machineKey, Object op, Map<String, Object> request) {
        Fields f = new Fields("request of " + machineKey);
        if ("add-subordinate".equals(op)) {
            return Map.of("unit", addSubordinate(machineKey, f.string(request.get("service"), "service"),
                    UnitName.parse(f.string(request.get("principal"), "principal"))).toString());
        }
        if ("remove-unit".equals(op)) {
            removeSubordinate(machineKey, UnitName.parse(f.string(request.get("unit"), "unit")));
            return Map.of();
        }
        if ("remove-machine".equals(op)) {
            removeMachine(machineKey);
            return Map.of();
        }
        if ("grant-unit".equals(op)) {
            grantUnit(machineKey, f.string(request.get("unit"), "unit"));
            return Map.of();
        }
        if ("prepare-scope".equals(op)) {
            prepareScope(machineKey, f.string(request.get("relation"), "relation"), f.string(request.get("unit"), "unit"));
            return Map.of();
        }
        throw new StateException("unknown request '" + op + "'");
    }

    private UnitName addSubordinate(String machineKey, String service, UnitName principal) {
        Topology t = ctx.topology().read();
        String principalId = t.unitId(principal);
        UnitEntry p = t.unit(principalId);
        if (p.container() != null) {
            throw new StateException(principal + " is a subordinate itself");
        }
        if (!machineKey.equals(p.machine())) {
            throw new StateException(principal + " is not assigned to " + machineKey);
        }
        String serviceId = t.serviceId(service);
        String principalService = t.serviceOfUnit(principalId);
        boolean tied = false;
        for (RelationEntry r : t.relations(t.relationsOfService(serviceId)).values()) {
            tied |= r.scope() == RelationScope.CONTAINER && r.services().containsKey(serviceId)
                    && r.services().containsKey(principalService) && !serviceId.equals(principalService);
        }
        if (!tied) {
            throw new StateException("no container relation ties " + service + " to " + principal.service());
        }
        String charm = new Fields(Paths.service(serviceId)).string(ctx.reader().yamlMap(Paths.service(serviceId)).get("charm"), "charm");
        if (!Boolean.TRUE.equals(charms.get(charm).metadata().get("subordinate"))) {
            throw new StateException(service + "'s charm " + charm + " is not subordinate");
        }
        for (Map.Entry<String, UnitEntry> u : t.units(t.subordinatesOf(principalId)).entrySet()) {
            if (serviceId.equals(u.getValue().service())) {
                return t.unitName(u.getKey()); // asked twice (a machine agent restarted before the answer)
            }
        }
        UnitInfo added = units.addSubordinate(service, principal);
        return added.name();
    }

    private void removeSubordinate(String machineKey, UnitName unit) {
        Topology t = ctx.topology().read();
        String unitId = t.unitId(unit);
        UnitEntry u = t.unit(unitId);
        if (u.container() == null) {
            throw new StateException(unit + " is not a subordinate: only the administrator removes it");
        }
        if (!TopologyFacts.of(t).machineOfUnit(unitId).map(machineKey::equals).orElse(false)) {
            throw new StateException(unit + "'s container is not on " + machineKey);
        }
        units.remove(unit);
    }

    /** What an administrator's command cut short may have left out: the unit's credentials readable by its machine. */
    private void grantUnit(String machineKey, String unitId) {
        Topology t = ctx.topology().read();
        if (!TopologyFacts.of(t).machineOfUnit(unitId).map(machineKey::equals).orElse(false)) {
            throw new StateException(unitId + " is not assigned to " + machineKey);
        }
        ctx.identities().ensureUnit(unitId, t.serviceOfUnit(unitId));
        ctx.identities().applyPolicy(AccessControl.CREDENTIALS + "/" + unitId);
    }

    /** What an administrator's command cut short may have left out: a unit's nodes in a relation's scope. */
    private void prepareScope(String machineKey, String relationId, String unitId) {
        Topology t = ctx.topology().read();
        if (!TopologyFacts.of(t).machineOfUnit(unitId).map(machineKey::equals).orElse(false)) {
            throw new StateException(unitId + " is not assigned to " + machineKey);
        }
        if (!t.relation(relationId).services().containsKey(t.serviceOfUnit(unitId))) {
            throw new StateException(unitId + " is not in " + relationId);
        }
        ctx.relationAccess().prepare(t, relationId, unitId);
    }

    private void removeMachine(String machineKey) {
        int id = Paths.machineId(machineKey);
        if (id == 0) {
            throw new StateException("machine 0 stays: it runs the environment's own agents");
        }
        if (!"unassigned".equals(ctx.reader().optionalYamlMap(Paths.ENVIRONMENT).get("placement"))) {
            throw new StateException("with placement other than unassigned, machines stay until the operator"
                    + " terminates them");
        }
        if (!machines.madeForUnit(id)) {
            throw new StateException("machine " + id + " was added by the operator: it stays until the operator"
                    + " terminates it");
        }
        machines.remove(id);
    }

    @Override
    public void close() {
        cache.close();
        executor.shutdownNow();
    }
}
