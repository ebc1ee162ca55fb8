package jujube.state.curator.internal;

import jujube.state.store.Fields;
import jujube.state.store.NodeBatch;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.TopologyAdditions;
import jujube.state.store.TopologyChanges;
import jujube.state.store.TopologyLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import jujube.state.AgentPresence;
import jujube.model.MachineInfo;
import jujube.state.Machines;
import jujube.model.NoSuchMachineException;
import jujube.state.Presence;
import jujube.state.StateWatcher;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/** Machines as the topology lists them, with their nodes, agents' presence and provisioning locks. */
final class CuratorMachines implements Machines {
    private final StateContext ctx;

    /** Below a machine once its agent connected for the first time. */
    static final String STARTED = "started";
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CuratorMachines.class);

    CuratorMachines(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public List<MachineInfo> list() {
        return ctx.batched(this::list);
    }

    /** Adds two reads per machine of {@code t} to {@code batch}; the machines, in the topology's order, once in. */
    Supplier<List<MachineInfo>> list(Topology t, NodeBatch batch) {
        List<Supplier<MachineInfo>> machines = new ArrayList<>();
        for (String key : t.machineKeys()) {
            int id = Paths.machineId(key);
            String path = Paths.machine(id);
            CompletableFuture<byte[]> node = batch.data(path);
            CompletableFuture<byte[]> agent = batch.data(path + "/agent");
            CompletableFuture<byte[]> started = batch.data(path + "/" + STARTED);
            machines.add(() -> info(id, ctx.reader().parse(path, node.join()), agent.join(), started.join() != null));
        }
        return () -> {
            List<MachineInfo> result = new ArrayList<>();
            machines.forEach(m -> result.add(m.get()));
            return result;
        };
    }

    /**
     * The machine from its node, its agent's presence node ({@code null}: no agent) and whether an agent of
     * it ever connected.
     */
    private static MachineInfo info(int id, Map<String, Object> node, byte[] agent, boolean started) {
        String instance = new Fields(Paths.machine(id)).optionalString(node.get("provider-machine-id"), "provider-machine-id");
        return new MachineInfo(id, instance == null ? "" : instance, agent != null, AgentReport.limits(agent),
                started || agent != null);
    }

    @Override
    public AgentPresence connectAgent(int machineId) {
        String path = Paths.machine(machineId);
        if (!ctx.reader().exists(path)) {
            throw new NoSuchMachineException(machineId);
        }
        ctx.access().acl(path + "/agent"); // its digests known now: the node is re-created on Curator's threads
        markStarted(path);
        return new PresenceNode(ctx, path + "/agent", "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * Leaves {@code started} below the machine at its agent's first connection: what tells a machine whose
     * agent went away (down) from one whose agent is still to come (starting). Best effort: a machine
     * without it shows as starting, never as down wrongly.
     */
    private void markStarted(String path) {
        try {
            ctx.client().create().forPath(path + "/" + STARTED,
                    ctx.reader().bytes(Map.of("first-connected", java.time.Instant.now().toString())));
        } catch (KeeperException.NodeExistsException e) {
            // an earlier start's
        } catch (Exception e) {
            LOG.debug("{}: could not mark its agent started: {}", path, e.toString());
        }
    }

    @Override
    public MachineInfo add() {
        return add("");
    }

    @Override
    public MachineInfo add(String instanceId) {
        // the node holds its instance from the start: the provisioning agent never sees it without one
        return ctx.transactions().run("adding a machine", (t, draft) -> TopologyAdditions.machine(t, draft, instanceId));
    }

    @Override
    public void remove(int machineId) {
        String key = Paths.machineKey(machineId);
        if (!ctx.access().isAdmin()) {
            // a machine agent may not rewrite the topology: the controller removes its machine, if it may
            if (!ctx.access().machine().map(key::equals).orElse(false)) {
                throw new jujube.model.StateException("only the administrator removes " + key);
            }
            ctx.requests().submit(key, Map.of("op", "remove-machine"));
            return;
        }
        ctx.topology().update(t -> {
            TopologyChanges.removeMachine(t, key);
            return null;
        });
        ctx.deleteBounded(Paths.machine(machineId));
        ctx.deleteBounded(Paths.logWriterDir(key));
        ctx.identities().remove(key, null);
    }

    @Override
    public boolean madeForUnit(int machineId) {
        String path = Paths.machine(machineId);
        if (!ctx.reader().exists(path)) {
            throw new NoSuchMachineException(machineId);
        }
        return Boolean.TRUE.equals(ctx.reader().optionalYamlMap(path).get(jujube.state.store.TopologyAdditions.MADE_FOR_UNIT));
    }

    @Override
    public void setInstanceId(int machineId, String instanceId) {
        ctx.nodes().update(Paths.machine(machineId), () -> new NoSuchMachineException(machineId),
                content -> content.put("provider-machine-id", instanceId));
    }

    @Override
    public Set<UnitName> assignedUnits(int machineId) {
        Topology t = ctx.topology().read();
        t.requireMachine(Paths.machineKey(machineId));
        return new TreeSet<>(t.unitsOnMachine(Paths.machineKey(machineId)));
    }

    @Override
    public Optional<Presence> tryLockProvisioning(int machineId) {
        String path = Paths.machine(machineId) + "/provisioning-lock";
        try {
            ctx.client().create().withMode(CreateMode.EPHEMERAL).forPath(path);
        } catch (KeeperException.NodeExistsException e) {
            return Optional.empty();
        } catch (KeeperException.NoNodeException e) {
            throw new NoSuchMachineException(machineId);
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        return Optional.of(new ProvisioningLock(ctx, path));
    }

    @Override
    public Watch watch(StateWatcher<Set<Integer>> watcher) {
        return ctx.watchTopology(TopologyLayout.MACHINES, StateContext.childOf(TopologyLayout.MACHINES), t -> {
            Set<Integer> ids = new TreeSet<>();
            t.machineKeys().forEach(k -> ids.add(Paths.machineId(k)));
            return Set.copyOf(ids);
        }, Set.of(), watcher);
    }

    @Override
    public Watch watchAssignedUnits(int machineId, StateWatcher<Set<UnitName>> watcher) {
        String key = Paths.machineKey(machineId);
        String machine = TopologyLayout.machine(key);
        return ctx.watchTopology(machine, StateContext.childOf(machine), t -> Set.copyOf(t.unitsOnMachine(key)), Set.of(), watcher);
    }
}
