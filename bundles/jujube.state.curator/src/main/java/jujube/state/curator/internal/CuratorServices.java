package jujube.state.curator.internal;

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
import jujube.state.store.TopologyFacts;
import jujube.state.store.TopologyLayout;

import jujube.access.policy.AccessFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import jujube.state.DeployedService;
import jujube.model.NoSuchCharmException;
import jujube.model.NoSuchServiceException;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.ServiceDeployment;
import jujube.model.ServiceInfo;
import jujube.state.Services;
import jujube.model.StateException;
import jujube.state.StateWatcher;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import jujube.state.store.TopologyEntries.ServiceEntry;
import org.apache.zookeeper.KeeperException;

/** Services: {@code /services/service-N} holds the charm, {@code config} the set options, {@code exposed} exposure. */
final class CuratorServices implements Services {
    private final StateContext ctx;

    CuratorServices(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public ServiceInfo add(String name, String charmId) {
        checkName(name);
        return ctx.transactions().run("adding service '" + name + "'",
                (t, draft) -> TopologyAdditions.service(t, draft, name, charmId, Map.of()));
    }

    @Override
    public DeployedService deploy(ServiceDeployment d) {
        checkName(d.name());
        Map<String, Object> config = new LinkedHashMap<>();
        d.config().forEach((k, v) -> {
            if (v != null) { // an option left unset keeps the charm's default
                config.put(k, v);
            }
        });
        String what = "deploy of service '" + d.name() + "' with " + d.units() + (d.units() == 1 ? " unit" : " units");
        DeployedService deployed = ctx.transactions().run(what, (t, draft) -> {
            ServiceInfo service = TopologyAdditions.service(t, draft, d.name(), d.charmId(), config);
            List<RelationInfo> peers = new ArrayList<>();
            for (ServiceDeployment.Peer p : d.peers()) {
                peers.add(TopologyAdditions.relation(t, draft, p.interfaceName(), RelationScope.GLOBAL,
                        List.of(new RelationEndpoint(d.name(), p.relationName(), RelationRole.PEER))));
            }
            List<UnitInfo> units = TopologyAdditions.units(t, draft, service.id(), d.charmId(), d.units(), d.placement());
            return new DeployedService(new ServiceInfo(service.id(), d.name(), d.charmId(),
                    units.stream().map(UnitInfo::name).toList()), peers, units);
        });
        return deployed;
    }

    private static void checkName(String name) {
        Services.problemWithName(name).ifPresent(problem -> {
            throw new StateException(problem);
        });
    }

    @Override
    public ServiceInfo get(String name) {
        Topology t = ctx.topology().read();
        String id = t.serviceId(name);
        return info(t, id, t.service(id), ctx.reader().yamlMap(Paths.service(id)));
    }

    private static ServiceInfo info(Topology t, String id, ServiceEntry s, Map<String, Object> node) {
        String path = Paths.service(id);
        String charm = new Fields(path).string(node.get("charm"), "charm");
        List<UnitName> units = new ArrayList<>();
        t.unitNumbers(id).forEach(n -> units.add(new UnitName(s.name(), n)));
        return new ServiceInfo(id, s.name(), charm, units);
    }

    @Override
    public List<ServiceInfo> list() {
        return ctx.batched(this::list);
    }

    /** Adds the reads of every service of {@code t} to {@code batch}; the list, by name, once they are in. */
    Supplier<List<ServiceInfo>> list(Topology t, NodeBatch batch) {
        Map<String, CompletableFuture<byte[]>> nodes = new java.util.LinkedHashMap<>();
        Map<String, ServiceEntry> services = t.services();
        services.keySet().forEach(id -> nodes.put(id, batch.data(Paths.service(id))));
        return () -> {
            List<ServiceInfo> result = new ArrayList<>();
            services.forEach((id, s) -> {
                String path = Paths.service(id);
                byte[] data = nodes.get(id).join();
                if (data == null) {
                    throw ctx.reader().corrupt(path, "node is missing");
                }
                result.add(info(t, id, s, ctx.reader().parse(path, data)));
            });
            result.sort((a, b) -> a.name().compareTo(b.name()));
            return result;
        };
    }

    @Override
    public void remove(String name) {
        List<String> removed = new ArrayList<>();
        String id = ctx.topology().update(t -> {
            String sid = t.serviceId(name);
            removed.clear();
            removed.addAll(TopologyChanges.removeService(t, sid));
            return sid;
        });
        removed.forEach(unitId -> {
            ctx.deleteBounded(Paths.unit(unitId));
            ctx.deleteBounded(Paths.logWriterDir(unitId));
            ctx.identities().remove(unitId, id);
        });
        ctx.deleteTree(Paths.service(id));
        ctx.identities().removeGroup(id);
    }

    @Override
    public void setCharm(String name, String charmId) {
        if (!ctx.reader().exists(Paths.charm(charmId))) {
            throw new NoSuchCharmException(charmId);
        }
        String path = Paths.service(ctx.topology().read().serviceId(name));
        ctx.nodes().update(path, () -> new NoSuchServiceException(name), content -> content.put("charm", charmId));
    }

    @Override
    public Map<String, Object> config(String name) {
        return new TreeMap<>(ctx.reader().optionalYamlMap(configPath(name)));
    }

    @Override
    public void updateConfig(String name, Map<String, Object> changes) {
        ctx.nodes().update(configPath(name), null, content -> {
            changes.forEach((k, v) -> {
                if (v == null) {
                    content.remove(k);
                } else {
                    content.put(k, v);
                }
            });
            return null;
        });
    }

    @Override
    public void setExposed(String name, boolean exposed) {
        String path = Paths.service(ctx.topology().read().serviceId(name)) + "/exposed";
        try {
            if (exposed) {
                ctx.client().create().forPath(path);
            } else {
                ctx.client().delete().forPath(path);
            }
        } catch (KeeperException.NodeExistsException | KeeperException.NoNodeException e) {
            // already in the wanted state
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    @Override
    public boolean isExposed(String name) {
        return ctx.reader().exists(Paths.service(ctx.topology().read().serviceId(name)) + "/exposed");
    }

    @Override
    public Set<String> exposedServices() {
        return ctx.batched(this::exposedServices);
    }

    /** Adds the reads of the services' exposed flags to {@code batch}; the names of those exposed, once in. */
    Supplier<Set<String>> exposedServices(Topology t, NodeBatch batch) {
        Map<String, CompletableFuture<Boolean>> flags = new java.util.LinkedHashMap<>();
        t.services().forEach((id, s) -> flags.put(s.name(), batch.exists(Paths.service(id) + "/exposed")));
        return () -> {
            Set<String> exposed = new TreeSet<>();
            flags.forEach((name, flag) -> {
                if (flag.join()) {
                    exposed.add(name);
                }
            });
            return exposed;
        };
    }

    @Override
    public Watch watch(StateWatcher<Set<String>> watcher) {
        return ctx.watchTopology(TopologyLayout.SERVICES, StateContext.childOf(TopologyLayout.SERVICES), t -> {
            Set<String> names = new TreeSet<>();
            t.services().values().forEach(s -> names.add(s.name()));
            return Set.copyOf(names);
        }, Set.of(), watcher);
    }

    @Override
    public Watch watchConfig(String name, StateWatcher<Map<String, Object>> watcher) {
        String path = configPath(name);
        return new CacheWatch<>(ctx.caches(), path, true,
                cache -> cache.get(path).map(d -> java.util.Collections.unmodifiableMap(ctx.reader().parse(path, d.getData())))
                        .orElse(Map.of()),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, Map.of()));
    }

    /**
     * The service's configuration node, once this connection may read it: a machine agent reads it as a
     * member of the service's group, with the credential of a unit of the service it hosts.
     */
    private String configPath(String name) {
        Topology t = ctx.topology().read();
        String serviceId = t.serviceId(name);
        if (!ctx.access().isAdmin()) {
            String machine = ctx.access().machine().orElse("this connection");
            AccessFacts facts = TopologyFacts.of(t);
            String hosted = t.unitsOf(serviceId).keySet().stream()
                    .filter(unitId -> facts.machineOfUnit(unitId).map(machine::equals).orElse(false)).findFirst()
                    .orElseThrow(() -> new StateException(machine + " hosts no unit of " + name
                            + ": it may not read its configuration"));
            ctx.access().actFor(hosted);
        }
        return Paths.service(serviceId) + "/config";
    }
}
