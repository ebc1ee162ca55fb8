package jujube.state.curator.internal;

import jujube.state.store.AccessControl;
import jujube.state.store.CacheWatch;
import jujube.state.store.Fields;
import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.TopologyAdditions;
import jujube.state.store.TopologyChanges;
import jujube.state.store.TopologyLayout;
import jujube.state.store.TransactionDraft;

import jujube.access.policy.Principals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import jujube.model.DebugHooks;
import jujube.model.FlagAlreadySetException;
import jujube.model.NoSuchCharmException;
import jujube.model.NoSuchServiceException;
import jujube.model.Placement;
import jujube.model.NoSuchUnitException;
import jujube.model.Port;
import jujube.state.Presence;
import jujube.model.ResolvedMode;
import jujube.state.StateWatcher;
import jujube.model.StatusEntry;
import jujube.model.UnitFlags;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.state.Units;
import jujube.model.UpgradeRequest;
import jujube.state.Watch;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/** Units: membership in the topology, {@code /units/unit-N} for the rest. */
final class CuratorUnits implements Units {
    static final String RELATION_STATES = "relation_workflow_states";
    /** What failed in each relation in error, and when it is retried, by relation id. */
    static final String RELATION_ERRORS = "relation_errors";
    private static final String WORKFLOW_STATE_INFO = "workflow_state_info";
    private static final String HISTORY = "history";
    /** The unit's charm state: its charm's keys and values ({@code state-set}). */
    private static final String CHARM_STATE = "charm-state";
    private final StateContext ctx;
    private final UnitPorts ports;
    /** The candidacies this connection's units stand with, which their hooks' leadership questions ask. */
    private final java.util.concurrent.ConcurrentMap<UnitName, LatchCampaign> campaigns;
    private final java.util.concurrent.ConcurrentMap<UnitName, String> actingPaths = new java.util.concurrent.ConcurrentHashMap<>();

    CuratorUnits(StateContext ctx, java.util.concurrent.ConcurrentMap<UnitName, LatchCampaign> campaigns) {
        this.ctx = ctx;
        this.campaigns = campaigns;
        this.ports = new UnitPorts(ctx);
    }

    @Override
    public UnitInfo add(String service) {
        return ctx.transactions().run("adding a unit to service '" + service + "'", (t, draft) -> {
            String serviceId = t.serviceId(service);
            return TopologyAdditions.unit(t, draft, serviceId, charmOf(draft, service, serviceId), null);
        }, (t, unit) -> prepareScopes(t, List.of(unit)));
    }

    @Override
    public List<UnitInfo> add(String service, int count, Placement placement) {
        if (count < 1 || count > MAX_UNITS_PER_REQUEST) {
            throw new IllegalArgumentException("count: " + count + " is not within 1.." + MAX_UNITS_PER_REQUEST);
        }
        Objects.requireNonNull(placement, "placement");
        String what = "adding " + count + (count == 1 ? " unit" : " units") + " to service '" + service + "'";
        return ctx.transactions().run(what, (t, draft) -> {
            String serviceId = t.serviceId(service);
            return TopologyAdditions.units(t, draft, serviceId, charmOf(draft, service, serviceId), count, placement);
        }, this::prepareScopes);
    }

    @Override
    public UnitInfo addSubordinate(String service, UnitName principal) {
        if (!ctx.access().isAdmin()) {
            // a machine agent may not rewrite the topology: the controller adds the subordinate, if it may
            Map<String, Object> answer = ctx.requests().submit(ctx.access().machine().orElseThrow(
                    () -> new jujube.model.StateException("only the administrator and machine agents add units")),
                    Map.of("op", "add-subordinate", "service", service, "principal", principal.toString()));
            return get(UnitName.parse(new Fields("answer").string(answer.get("unit"), "unit")));
        }
        // made with its credentials node, whose ACL lets its container's machine read it
        return ctx.transactions().run("adding a unit of service '" + service + "' to " + principal, (t, draft) -> {
            String serviceId = t.serviceId(service);
            String container = t.unitId(principal);
            return TopologyAdditions.unit(t, draft, serviceId, charmOf(draft, service, serviceId), container);
        }, (t, unit) -> prepareScopes(t, List.of(unit)));
    }

    /**
     * The service's charm, which new units run; read in the transaction, which holds only while it stays.
     * The service's group, which every new unit joins, is required in the same request.
     */
    private static String charmOf(TransactionDraft draft, String service, String serviceId) {
        String path = Paths.service(serviceId);
        draft.prefetch(List.of(path));
        draft.require(Principals.group(serviceId), () -> new jujube.model.StateException("service '" + service + "' has no group ("
                + Principals.group(serviceId) + " is missing): is the access policy set up? (the controller sets it up when it starts)"));
        return new Fields(path).string(draft.read(path, () -> new NoSuchServiceException(service)).get("charm"), "charm");
    }

    /**
     * Prepares the relation scopes of new units in the topology that added them: the scopes' ACLs that now
     * name them, a container's scope in full. A command cut short here is made good by the controller when
     * an agent asks (prepare-scope).
     */
    private void prepareScopes(Topology t, List<UnitInfo> units) {
        ctx.relationAccess().prepareUnits(t, units.stream().map(UnitInfo::id).toList());
    }

    /**
     * Lets the machine a unit is (now) on read the unit's credentials, and those of the subordinates in
     * its container; a machine it left may no longer.
     */
    private void grantCredentials(String unitId) {
        Topology t = ctx.topology().read();
        ctx.identities().applyPolicy(AccessControl.CREDENTIALS + "/" + unitId);
        t.subordinatesOf(unitId).forEach(id -> ctx.identities().applyPolicy(AccessControl.CREDENTIALS + "/" + id));
    }

    @Override
    public UnitInfo get(UnitName unit) {
        Topology t = ctx.topology().read();
        return info(t, t.unitId(unit));
    }

    private UnitInfo info(Topology t, String id) {
        String path = Paths.unit(id);
        return info(t, id, ctx.reader().yamlMap(path), ctx.reader().exists(path + "/agent"));
    }

    private UnitInfo info(Topology t, String id, Map<String, Object> node, boolean agentConnected) {
        UnitEntry u = t.unit(id);
        String path = Paths.unit(id);
        Fields f = new Fields(path);
        OptionalInt machine = u.machine() == null ? OptionalInt.empty() : OptionalInt.of(Paths.machineId(u.machine()));
        Optional<UnitName> container = Optional.ofNullable(u.container()).map(t::unitName);
        return new UnitInfo(id, t.unitName(id), f.string(node.get("charm"), "charm"), machine, container,
                orEmpty(f.optionalString(node.get("public-address"), "public-address")),
                orEmpty(f.optionalString(node.get("private-address"), "private-address")),
                orEmpty(f.optionalString(node.get("workflow_state"), "workflow_state")), agentConnected,
                orEmpty(f.optionalString(node.get(WORKFLOW_STATE_INFO), WORKFLOW_STATE_INFO)));
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    @Override
    public List<UnitInfo> list() {
        Topology t = ctx.topology().read();
        List<UnitInfo> result = new ArrayList<>();
        t.unitNames().keySet().forEach(id -> result.add(info(t, id)));
        result.sort((a, b) -> a.name().compareTo(b.name()));
        return result;
    }

    @Override
    public Map<UnitName, UnitName> containers() {
        Topology t = ctx.topology().read();
        Map<UnitName, UnitName> result = new TreeMap<>();
        for (String id : t.unitNames().keySet()) {
            String container = t.unit(id).container();
            result.put(t.unitName(id), t.unitName(container == null ? id : container));
        }
        return result;
    }

    @Override
    public Map<UnitName, UnitName> containers(Collection<UnitName> units) {
        return ctx.topology().read().containers(units);
    }

    @Override
    public Map<UnitName, UnitInfo> withSubordinates(Collection<UnitName> units) {
        return ctx.batched((t, batch) -> {
            Collection<String> named = t.unitIds(units).values();
            List<String> ids = new ArrayList<>(named);
            ids.addAll(t.subordinatesOf(named));
            t.unitNames(ids); // the units and their services, in two batches, for the names below
            Map<String, CompletableFuture<byte[]>> nodes = new LinkedHashMap<>();
            Map<String, CompletableFuture<Boolean>> agents = new LinkedHashMap<>();
            for (String id : ids) {
                nodes.put(id, batch.data(Paths.unit(id)));
                agents.put(id, batch.exists(Paths.unit(id) + "/agent"));
            }
            return () -> {
                Map<UnitName, UnitInfo> result = new TreeMap<>();
                nodes.forEach((id, data) -> {
                    byte[] node = data.join();
                    if (node != null) { // else removed since the topology was read
                        String path = Paths.unit(id);
                        UnitInfo info = info(t, id, ctx.reader().parse(path, node), agents.get(id).join());
                        result.put(info.name(), info);
                    }
                });
                return result;
            };
        });
    }

    @Override
    public List<UnitStatus> listStatus() {
        return ctx.batched(this::listStatus);
    }

    /** Adds four reads per unit of {@code t} to {@code batch}; the units' status, by name, once they are in. */
    Supplier<List<UnitStatus>> listStatus(Topology t, NodeBatch batch) {
        Map<String, CompletableFuture<byte[]>> nodes = new LinkedHashMap<>();
        Map<String, CompletableFuture<Boolean>> agents = new LinkedHashMap<>();
        Map<String, CompletableFuture<byte[]>> portNodes = new LinkedHashMap<>();
        Map<String, CompletableFuture<byte[]>> workloads = new LinkedHashMap<>();
        for (String id : t.unitNames().keySet()) {
            String path = Paths.unit(id);
            nodes.put(id, batch.data(path));
            agents.put(id, batch.exists(path + "/agent"));
            portNodes.put(id, batch.data(path + "/ports"));
            workloads.put(id, batch.data(path + "/" + WorkloadNodes.UNIT_CHILD));
        }
        return () -> {
            List<UnitStatus> result = new ArrayList<>();
            for (String id : nodes.keySet()) {
                String path = Paths.unit(id);
                byte[] data = nodes.get(id).join();
                if (data == null) {
                    throw ctx.reader().corrupt(path, "node is missing");
                }
                Map<String, Object> node = ctx.reader().parse(path, data);
                String workload = path + "/" + WorkloadNodes.UNIT_CHILD;
                result.add(new UnitStatus(info(t, id, node, agents.get(id).join()),
                        UnitPorts.parse(path + "/ports", ctx.reader().parse(path + "/ports", portNodes.get(id).join())),
                        relationStates(path, node),
                        WorkloadNodes.unit(workload, ctx.reader().parse(workload, workloads.get(id).join()), node),
                        relationErrors(path, node)));
            }
            result.sort((a, b) -> a.info().name().compareTo(b.info().name()));
            return result;
        };
    }

    @Override
    public void remove(UnitName unit) {
        if (!ctx.access().isAdmin()) {
            // a machine agent may not rewrite the topology: the controller removes the subordinate, if it may
            ctx.requests().submit(ctx.access().machine().orElseThrow(),
                    Map.of("op", "remove-unit", "unit", unit.toString()));
            return;
        }
        List<String> memberships = new ArrayList<>();
        Map<String, String> services = new HashMap<>();
        Map<String, UnitName> names = new HashMap<>();
        List<String> removed = ctx.topology().update(t -> {
            String unitId = t.unitId(unit);
            List<String> ids = new ArrayList<>(List.of(unitId));
            ids.addAll(t.subordinatesOf(unitId));
            memberships.clear(); // computed afresh on each attempt of the compare-and-set
            memberships.addAll(CuratorRelations.memberships(t, ids));
            services.clear();
            ids.forEach(id -> services.put(id, t.serviceOfUnit(id)));
            names.clear();
            names.putAll(t.unitNames(ids));
            return TopologyChanges.removeUnit(t, unitId);
        });
        // the units leave their relations' scopes: their agents may never run again to leave themselves
        memberships.forEach(ctx::deleteTree);
        removed.forEach(id -> {
            ctx.deleteBounded(Paths.unit(id));
            ctx.deleteBounded(Paths.logWriterDir(id));
            ctx.identities().remove(id, services.get(id));
            // after its rights are gone, so that its agent cannot stand again
            CuratorServiceLeadership.withdraw(ctx.client(), Paths.serviceLeadership(services.get(id)),
                    java.util.Set.of(names.get(id)));
        });
    }

    @Override
    public void assign(UnitName unit, int machineId) {
        String unitId = ctx.topology().update(t -> {
            TopologyChanges.assignUnit(t, t.unitId(unit), Paths.machineKey(machineId));
            return t.unitId(unit);
        });
        grantCredentials(unitId);
    }

    @Override
    public void unassign(UnitName unit) {
        String unitId = ctx.topology().update(t -> {
            TopologyChanges.unassignUnit(t, t.unitId(unit));
            return t.unitId(unit);
        });
        grantCredentials(unitId);
    }

    @Override
    public void setAddresses(UnitName unit, String publicAddress, String privateAddress) {
        updateNode(unit, Map.of("public-address", publicAddress, "private-address", privateAddress));
    }

    @Override
    public void setCharm(UnitName unit, String charmId) {
        if (!ctx.reader().exists(Paths.charm(charmId))) {
            throw new NoSuchCharmException(charmId);
        }
        updateNode(unit, Map.of("charm", charmId));
    }

    @Override
    public void setWorkflowState(UnitName unit, String state) {
        setWorkflowState(unit, state, "");
    }

    @Override
    public void setWorkflowState(UnitName unit, String state, String info) {
        ctx.nodes().update(actingPath(unit), () -> new NoSuchUnitException(unit.toString()), content -> {
            content.put("workflow_state", state);
            if (info.isEmpty()) {
                content.remove(WORKFLOW_STATE_INFO);
            } else {
                content.put(WORKFLOW_STATE_INFO, info);
            }
            return null;
        });
    }

    @Override
    public void recordStatus(UnitName unit, StatusEntry entry) {
        String unitPath = knownActingPath(unit);
        String path = unitPath + "/" + HISTORY;
        // the history node is created with the first entry, never below a unit removed meanwhile
        if (!ctx.reader().exists(unitPath)) {
            throw new NoSuchUnitException(unit.toString());
        }
        ctx.nodes().update(path, null, content -> {
            List<Object> entries = new ArrayList<>(new Fields(path).list(content.get("entries"), "entries"));
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("at", entry.at().toString());
            e.put("state", entry.state());
            e.put("hook", entry.hook());
            e.put("message", entry.message());
            entries.add(e);
            content.put("entries", new ArrayList<>(entries.subList(Math.max(0, entries.size() - StatusEntry.KEPT),
                    entries.size())));
            return null;
        });
    }

    @Override
    public List<StatusEntry> statusHistory(UnitName unit) {
        String path = path(unit) + "/" + HISTORY;
        Fields f = new Fields(path);
        List<StatusEntry> result = new ArrayList<>();
        for (Object raw : f.list(ctx.reader().optionalYamlMap(path).get("entries"), "entries")) {
            Map<String, Object> e = f.map(raw, "entries[]");
            try {
                result.add(new StatusEntry(java.time.Instant.parse(f.string(e.get("at"), "at")),
                        f.string(e.get("state"), "state"), f.string(e.get("hook"), "hook"),
                        f.string(e.get("message"), "message")));
            } catch (java.time.format.DateTimeParseException x) {
                throw f.corrupt("'at' is not a time: " + x.getParsedString());
            }
        }
        return result;
    }

    @Override
    public void setRelationWorkflowState(UnitName unit, String relationId, String state) {
        setRelationWorkflowState(unit, relationId, state, "");
    }

    @Override
    public void setRelationWorkflowState(UnitName unit, String relationId, String state, String error) {
        ctx.nodes().update(actingPath(unit), () -> new NoSuchUnitException(unit.toString()), content -> {
            Fields f = new Fields(path(unit));
            Map<String, Object> states = f.map(content.get(RELATION_STATES), RELATION_STATES);
            states.put(relationId, state);
            content.put(RELATION_STATES, states);
            Map<String, Object> errors = content.get(RELATION_ERRORS) == null ? new java.util.LinkedHashMap<>()
                    : f.map(content.get(RELATION_ERRORS), RELATION_ERRORS);
            if (error.isEmpty()) {
                errors.remove(relationId);
            } else {
                errors.put(relationId, error.length() > MAX_RELATION_ERROR_CHARS
                        ? error.substring(0, MAX_RELATION_ERROR_CHARS) + "..." : error);
            }
            if (errors.isEmpty()) {
                content.remove(RELATION_ERRORS);
            } else {
                content.put(RELATION_ERRORS, errors);
            }
            return null;
        });
    }

    /** How much of a relation's error the unit's node keeps: a line of status, not a log. */
    private static final int MAX_RELATION_ERROR_CHARS = 1024;

    private static Map<String, String> relationErrors(String path, Map<String, Object> node) {
        if (node.get(RELATION_ERRORS) == null) {
            return Map.of();
        }
        Fields f = new Fields(path);
        Map<String, String> errors = new TreeMap<>();
        f.map(node.get(RELATION_ERRORS), RELATION_ERRORS)
                .forEach((id, error) -> errors.put(id, f.string(error, RELATION_ERRORS + "." + id)));
        return errors;
    }

    @Override
    public Map<String, String> relationWorkflowStates(UnitName unit) {
        String path = path(unit);
        return relationStates(path, ctx.reader().yamlMap(path));
    }

    private static Map<String, String> relationStates(String path, Map<String, Object> node) {
        Fields f = new Fields(path);
        Map<String, String> states = new TreeMap<>();
        f.map(node.get(RELATION_STATES), RELATION_STATES)
                .forEach((id, state) -> states.put(id, f.string(state, RELATION_STATES + "." + id)));
        return states;
    }

    private void updateNode(UnitName unit, Map<String, Object> values) {
        ctx.nodes().update(actingPath(unit), () -> new NoSuchUnitException(unit.toString()), content -> {
            content.putAll(values);
            return null;
        });
    }

    @Override
    public Presence connectAgent(UnitName unit) {
        String path = actingPath(unit) + "/agent";
        ctx.access().acl(path); // its digests known now: the node is re-created on Curator's threads
        return new PresenceNode(ctx, path, ctx.reader().bytes(Map.of("name", unit.toString())));
    }

    @Override
    public Optional<jujube.model.UnitWorkload> workload(UnitName unit) {
        String unitPath = path(unit);
        String path = unitPath + "/" + WorkloadNodes.UNIT_CHILD;
        Optional<Map<String, Object>> content = ctx.reader().presentYamlMap(path);
        // the unit node only when the agent wrote no workload yet
        return WorkloadNodes.unit(path, content.orElse(Map.of()),
                content.isPresent() ? Map.of() : ctx.reader().presentYamlMap(unitPath).orElse(Map.of()));
    }

    @Override
    public boolean setWorkloadStatus(UnitName unit, jujube.model.WorkloadStatus status, boolean byCharm) {
        return updateWorkload(unit, content -> {
            if (!byCharm && Boolean.TRUE.equals(content.get("set-by-charm"))) {
                return false; // what the charm said stands
            }
            if (status.current().equals(content.get("status")) && status.message().equals(content.get("message"))
                    && (!byCharm || Boolean.TRUE.equals(content.get("set-by-charm")))) {
                return false; // the same again: since stays when it was set first, as Go juju keeps it
            }
            WorkloadNodes.put(content, status);
            if (byCharm) {
                content.put("set-by-charm", true);
            }
            return true;
        });
    }

    /** A child node's absence (the workload's, the charm state's), which its first write looks into. */
    private static final class NoWorkloadNode extends jujube.model.StateException {
        private static final long serialVersionUID = 1L;

        NoWorkloadNode() {
            super("no workload node");
        }
    }

    /**
     * Changes the unit's workload node: a read and, when something changed, a write (ops sets its status
     * at every event, mostly the same). Its first write makes the node, unless the unit is gone.
     */
    private <R> R updateWorkload(UnitName unit, jujube.state.store.VersionedNodes.Change<R> change) {
        String unitPath = knownActingPath(unit);
        String path = unitPath + "/" + WorkloadNodes.UNIT_CHILD;
        try {
            return ctx.nodes().update(path, NoWorkloadNode::new, change);
        } catch (NoWorkloadNode missing) {
            if (!ctx.reader().exists(unitPath)) {
                throw new NoSuchUnitException(unit.toString());
            }
            return ctx.nodes().update(path, null, change);
        }
    }

    @Override
    public void setWorkloadVersion(UnitName unit, String version) {
        updateWorkload(unit, content -> content.put("version", version));
    }

    @Override
    public Map<String, String> charmState(UnitName unit) {
        String path = knownActingPath(unit) + "/" + CHARM_STATE;
        Map<String, String> state = new java.util.TreeMap<>();
        ctx.reader().presentYamlMap(path).orElse(Map.of()).forEach((k, v) -> {
            if (v != null) {
                state.put(k, String.valueOf(v));
            }
        });
        return java.util.Collections.unmodifiableMap(state);
    }

    @Override
    public void mergeCharmState(UnitName unit, Map<String, String> changes) {
        String unitPath = knownActingPath(unit);
        String path = unitPath + "/" + CHARM_STATE;
        jujube.state.store.VersionedNodes.Change<Void> merge = content -> {
            Map<String, String> next = new java.util.TreeMap<>();
            content.forEach((k, v) -> next.put(k, String.valueOf(v)));
            jujube.model.SettingsChanges.applyTo(next, changes);
            if (jujube.model.CharmStateLimits.size(next) > jujube.model.CharmStateLimits.MAX_TOTAL_BYTES) {
                throw new jujube.model.SettingsTooLargeException("the charm state of " + unit,
                        jujube.model.CharmStateLimits.MAX_TOTAL_BYTES);
            }
            content.clear();
            content.putAll(next);
            return null;
        };
        try {
            ctx.nodes().update(path, NoWorkloadNode::new, merge);
        } catch (NoWorkloadNode missing) {
            if (!ctx.reader().exists(unitPath)) {
                throw new NoSuchUnitException(unit.toString());
            }
            ctx.nodes().update(path, null, merge);
        }
    }

    @Override
    public jujube.state.ServiceLeadership leadership(UnitName unit) {
        return new CuratorServiceLeadership(ctx, unit, campaigns);
    }

    @Override
    public Set<Port> ports(UnitName unit) {
        return ports.read(path(unit));
    }

    @Override
    public void openPort(UnitName unit, Port port) {
        ports.change(actingPath(unit), port, true);
    }

    @Override
    public void closePort(UnitName unit, Port port) {
        ports.change(actingPath(unit), port, false);
    }

    @Override
    public UnitFlags flags(UnitName unit) {
        String path = path(unit);
        return UnitFlagNodes.read(path, child -> ctx.reader().presentYamlMap(path + "/" + child));
    }

    @Override
    public void setResolved(UnitName unit, ResolvedMode mode) {
        createFlag(unit, UnitFlagNodes.RESOLVED, UnitFlagNodes.resolved(mode), CreateMode.PERSISTENT);
    }

    @Override
    public void clearResolved(UnitName unit) {
        clearFlag(unit, UnitFlagNodes.RESOLVED);
    }

    @Override
    public void setRelationResolved(UnitName unit, Map<String, ResolvedMode> byRelationId) {
        if (byRelationId.containsValue(ResolvedMode.RESET_STATE)) {
            throw new IllegalArgumentException("a relation's error is not resolved by a reset of state: " + byRelationId);
        }
        String path = path(unit) + "/" + UnitFlagNodes.RELATION_RESOLVED;
        ctx.nodes().update(path, null, content -> {
            for (String id : byRelationId.keySet()) {
                if (content.containsKey(id)) {
                    throw new FlagAlreadySetException(unit, "relation-resolved for " + id);
                }
            }
            content.putAll(UnitFlagNodes.relationResolved(byRelationId));
            return null;
        });
    }

    @Override
    public void clearRelationResolved(UnitName unit) {
        clearFlag(unit, UnitFlagNodes.RELATION_RESOLVED);
    }

    @Override
    public void setUpgrade(UnitName unit, UpgradeRequest request) {
        createFlag(unit, UnitFlagNodes.UPGRADE, UnitFlagNodes.upgrade(request), CreateMode.PERSISTENT);
    }

    @Override
    public void clearUpgrade(UnitName unit) {
        clearFlag(unit, UnitFlagNodes.UPGRADE);
    }

    @Override
    public void setDebugHooks(UnitName unit, DebugHooks hooks) {
        // ephemeral: a debug session that dies must not leave the unit waiting for a debugger
        createFlag(unit, UnitFlagNodes.DEBUG, UnitFlagNodes.debug(hooks), CreateMode.EPHEMERAL);
    }

    @Override
    public void clearDebugHooks(UnitName unit) {
        clearFlag(unit, UnitFlagNodes.DEBUG);
    }

    private void createFlag(UnitName unit, String flag, Map<String, Object> content, CreateMode mode) {
        String path = path(unit) + "/" + flag;
        try {
            ctx.client().create().withMode(mode).forPath(path, ctx.reader().bytes(path, content));
        } catch (KeeperException.NodeExistsException e) {
            throw new FlagAlreadySetException(unit, flag);
        } catch (KeeperException.NoNodeException e) {
            throw new NoSuchUnitException(unit.toString());
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    private void clearFlag(UnitName unit, String flag) {
        String path = actingPath(unit) + "/" + flag;
        try {
            ctx.client().delete().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            // clearing a flag that is not set is a no-op: agents clear after acting, possibly twice
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public Watch watch(StateWatcher<Set<UnitName>> watcher) {
        return ctx.watchTopology(TopologyLayout.UNITS, StateContext.childOf(TopologyLayout.UNITS),
                t -> Set.copyOf(t.unitNames().values()), Set.of(), watcher);
    }

    @Override
    public Watch watchFlags(UnitName unit, StateWatcher<UnitFlags> watcher) {
        String path = actingPath(unit); // the watched subtree holds the unit's run requests, which only it reads
        return new CacheWatch<>(ctx.caches(), path, false,
                cache -> UnitFlagNodes.read(path, child -> cache.get(path + "/" + child)
                        .map(d -> ctx.reader().parse(path + "/" + child, d.getData()))),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, UnitFlags.NONE));
    }

    private String path(UnitName unit) {
        return Paths.unit(ctx.topology().read().unitId(unit));
    }

    /**
     * {@link #actingPath}, remembered: a unit's id never changes and its name is never reused, so the
     * workload's writes, which hooks make at every event, spare the topology's look-up. A removed unit's
     * remembered path leads to a node that is gone, which those writes check for.
     */
    private String knownActingPath(UnitName unit) {
        String known = actingPaths.get(unit);
        if (known != null) {
            return known;
        }
        String path = actingPath(unit);
        if (actingPaths.size() >= 10_000) {
            actingPaths.clear(); // an administrator's connection acting for thousands: start over
        }
        actingPaths.put(unit, path);
        return path;
    }

    /** The unit's path, once this connection holds the unit's credentials: it is about to act for it. */
    private String actingPath(UnitName unit) {
        String unitId = ctx.topology().read().unitId(unit);
        ctx.access().actFor(unitId);
        return Paths.unit(unitId);
    }

    static Map<String, Object> portEntry(Port p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("port", p.number());
        if (p.isRange()) {
            m.put("to", p.to());
        }
        m.put("proto", p.protocol());
        return m;
    }
}
