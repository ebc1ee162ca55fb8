package jujube.state.curator.internal;

import jujube.state.store.NodeBatch;
import jujube.state.store.StateContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import jujube.model.CharmRecord;
import jujube.state.EnvironmentOverview;
import jujube.model.MachineInfo;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitStatus;

/**
 * The overview status shows, in two rounds: the topology, then every machine, service, flag and unit in
 * one batch of multi-reads; then the charms those services name (in their nodes, not the topology).
 * Asked part by part, a status read the topology five times and waited for each part's batch in turn.
 */
final class CuratorOverview {
    private final StateContext ctx;
    private final CuratorMachines machines;
    private final CuratorServices services;
    private final CuratorUnits units;
    private final CuratorCharms charms;

    CuratorOverview(StateContext ctx, CuratorMachines machines, CuratorServices services, CuratorUnits units,
            CuratorCharms charms) {
        this.ctx = ctx;
        this.machines = machines;
        this.services = services;
        this.units = units;
        this.charms = charms;
    }

    EnvironmentOverview read() {
        return ctx.batched((t, batch) -> {
            Supplier<List<MachineInfo>> machineList = machines.list(t, batch);
            Supplier<List<ServiceInfo>> serviceList = services.list(t, batch);
            Supplier<Set<String>> exposed = services.exposedServices(t, batch);
            Supplier<List<UnitStatus>> unitList = units.listStatus(t, batch);
            List<RelationInfo> relations = new ArrayList<>();
            t.relations().forEach((id, r) -> relations.add(CuratorRelations.info(t, id, r)));
            return () -> {
                List<ServiceInfo> serviceInfos = serviceList.get();
                return new EnvironmentOverview(machineList.get(), serviceInfos, exposed.get(), relations, unitList.get(),
                        charmsOf(serviceInfos), leadersOf(serviceInfos),
                        applicationStatusesOf(serviceInfos));
            };
        });
    }

    /** Each service's leader, by its election's oldest candidacy. */
    private Map<String, jujube.model.UnitName> leadersOf(List<ServiceInfo> serviceInfos) {
        Map<String, jujube.model.UnitName> leaders = new LinkedHashMap<>();
        for (ServiceInfo s : serviceInfos) {
            CuratorServiceLeadership.leaderOf(ctx.client(), jujube.state.store.Paths.serviceLeadership(s.id()))
                    .ifPresent(leader -> leaders.put(s.name(), leader));
        }
        return leaders;
    }

    /** Each service's application status, where its leader set one. */
    private Map<String, jujube.model.WorkloadStatus> applicationStatusesOf(List<ServiceInfo> serviceInfos) {
        Map<String, jujube.model.WorkloadStatus> statuses = new LinkedHashMap<>();
        for (ServiceInfo s : serviceInfos) {
            String path = jujube.state.store.Paths.applicationStatus(s.id());
            ctx.reader().presentYamlMap(path).flatMap(content -> WorkloadNodes.status(path, content))
                    .ifPresent(status -> statuses.put(s.name(), status));
        }
        return statuses;
    }

    private Map<String, CharmRecord> charmsOf(List<ServiceInfo> serviceInfos) {
        // a charm node may be close to the node limit, so two of them may not share an answer
        NodeBatch batch = NodeBatch.oneByOne(ctx.client());
        Map<String, Supplier<Optional<CharmRecord>>> reads = new LinkedHashMap<>();
        serviceInfos.forEach(s -> reads.computeIfAbsent(s.charmId(), id -> charms.find(id, batch)));
        batch.await();
        Map<String, CharmRecord> found = new LinkedHashMap<>();
        reads.forEach((id, read) -> read.get().ifPresent(c -> found.put(id, c)));
        return found;
    }
}
