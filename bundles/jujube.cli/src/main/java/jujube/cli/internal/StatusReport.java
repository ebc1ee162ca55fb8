package jujube.cli.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.CharmRecord;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import jujube.state.CorruptStateException;
import jujube.state.EnvironmentOverview;
import jujube.model.MachineInfo;
import jujube.model.NoSuchCharmException;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.model.UnitStatus;

/**
 * The status of an environment as the original juju printed it: {@code machines} by id and
 * {@code services} by name, each service with its charm, exposure, relations and units, subordinate
 * units nested under their principal unit; each machine's and the controller's agent version (and upgrade
 * under way or failed) once the agent reported its bundles. Every format renders this one map.
 */
final class StatusReport {
    private final StateConnection state;

    StatusReport(EnvironmentSession session) {
        this.state = session.state();
    }

    Map<String, Object> build(StatusFilter filter) {
        // one read of everything: asked part by part, the state read the topology five times
        EnvironmentOverview overview = state.overview();
        List<RelationInfo> relations = overview.relations();
        Map<String, RelationInfo> relationsById = new HashMap<>();
        // each service's relations, found once: asking every relation about every service was quadratic
        Map<String, List<RelationInfo>> relationsByService = new HashMap<>();
        for (RelationInfo r : relations) {
            relationsById.put(r.id(), r);
            r.endpoints().forEach(e -> relationsByService.computeIfAbsent(e.serviceName(), k -> new ArrayList<>()).add(r));
        }
        Set<String> exposed = overview.exposedServices();
        Map<UnitName, UnitStatus> units = new LinkedHashMap<>();
        Map<UnitName, List<UnitStatus>> subordinatesOf = new HashMap<>();
        for (UnitStatus u : overview.units()) {
            units.put(u.info().name(), u);
            u.info().container().ifPresent(p -> subordinatesOf.computeIfAbsent(p, k -> new ArrayList<>()).add(u));
        }
        Set<Integer> shownMachines = new TreeSet<>();
        Map<String, Object> services = new TreeMap<>();
        for (ServiceInfo s : overview.services()) {
            boolean serviceShown = filter.matches(s.name());
            boolean subordinate = subordinate(overview, s.charmId());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("charm", s.charmId());
            entry.put("exposed", exposed.contains(s.name()));
            overview.applicationStatus(s.name()).ifPresent(a -> entry.put("application-status", workloadStatus(a)));
            List<RelationInfo> ofService = relationsByService.getOrDefault(s.name(), List.of());
            entry.put("relations", relationsOf(s.name(), ofService));
            if (subordinate) {
                entry.put("subordinate", true);
                entry.put("subordinate-to", principalsOf(s.name(), ofService));
            } else {
                Map<String, Object> unitEntries = new LinkedHashMap<>();
                for (UnitName name : s.units()) {
                    UnitStatus u = units.get(name);
                    if (u == null || !(serviceShown || filter.matches(name.toString()) || anySubordinateShown(name, subordinatesOf, filter))) {
                        continue;
                    }
                    Map<String, Object> unit = unit(u, relationsById, overview.leaders());
                    List<UnitStatus> subs = subordinatesOf.getOrDefault(name, List.of());
                    if (!subs.isEmpty()) {
                        Map<String, Object> nested = new LinkedHashMap<>();
                        subs.forEach(sub -> {
                            Map<String, Object> shown = unit(sub, relationsById, overview.leaders());
                            // its addresses are its principal's, shown just above
                            shown.remove("public-address");
                            nested.put(sub.info().name().toString(), shown);
                        });
                        unit.put("subordinates", nested);
                    }
                    u.info().machineId().ifPresent(shownMachines::add);
                    unitEntries.put(name.toString(), unit);
                }
                if (!serviceShown && unitEntries.isEmpty()) {
                    continue;
                }
                entry.put("units", unitEntries);
            }
            if (serviceShown || entry.containsKey("units")) {
                services.put(s.name(), entry);
            }
        }
        Map<String, Object> status = new LinkedHashMap<>();
        // the original's shape first: machines, then services; what it did not have after them
        status.put("machines", machines(overview.machines(), filter.showsAll() ? null : shownMachines));
        status.put("services", services);
        Map<String, Object> controller = new LinkedHashMap<>();
        agentBundles(controller, AgentBundles.CONTROLLER);
        if (!controller.isEmpty()) {
            status.put("controller", controller); // once the controller reported its bundles
        }
        return status;
    }

    /**
     * Whether the charm is a subordinate, from the metadata it was published with. That metadata passed the
     * charm reader's checks when published, where {@code subordinate} is true, false or absent; reading the
     * one field here spares a status the reader, whose object mapper is dear to make in a short-lived JVM.
     */
    private static boolean subordinate(EnvironmentOverview overview, String charmId) {
        CharmRecord charm = overview.charms().get(charmId);
        if (charm == null) {
            throw new NoSuchCharmException(charmId);
        }
        return Boolean.TRUE.equals(charm.metadata().get("subordinate"));
    }

    private static boolean anySubordinateShown(UnitName principal, Map<UnitName, List<UnitStatus>> subs, StatusFilter filter) {
        return subs.getOrDefault(principal, List.of()).stream()
                .anyMatch(s -> filter.matches(s.info().name().toString()) || filter.matches(s.info().name().service()));
    }

    private Map<String, Object> unit(UnitStatus u, Map<String, RelationInfo> relationsById,
            Map<String, UnitName> leaders) {
        Map<String, Object> unit = new LinkedHashMap<>();
        unit.put("agent-state", agentState(u));
        if (u.info().name().equals(leaders.get(u.info().name().service()))) {
            unit.put("leader", true); // Go juju's key, shown on the leader only
        }
        if (!u.info().workflowStateInfo().isEmpty()) {
            unit.put("agent-state-info", u.info().workflowStateInfo());
        }
        // Go juju's workload status, beside the original's agent-state
        u.shownWorkload().ifPresent(w -> unit.put("workload-status", workloadStatus(w)));
        u.workload().ifPresent(w -> {
            if (!w.version().isEmpty()) {
                unit.put("workload-version", w.version());
            }
        });
        u.info().machineId().ifPresent(m -> unit.put("machine", m));
        if (!u.info().publicAddress().isEmpty()) {
            unit.put("public-address", u.info().publicAddress());
        }
        if (!u.ports().isEmpty()) {
            unit.put("open-ports", u.ports().stream().sorted((a, b) -> Integer.compare(a.number(), b.number()))
                    .map(StatusReport::port).toList());
        }
        Map<String, Set<String>> errors = new TreeMap<>();
        Map<String, Object> errorInfo = new TreeMap<>();
        u.relationWorkflowStates().forEach((id, st) -> {
            RelationInfo r = relationsById.get(id);
            if ("error".equals(st) && r != null) {
                String service = u.info().name().service();
                r.endpointOf(service).ifPresent(mine -> {
                    errors.computeIfAbsent(mine.relationName(), k -> new TreeSet<>()).addAll(others(r, service));
                    String info = u.relationErrors().get(id);
                    if (info != null) {
                        errorInfo.put(mine.relationName(), info); // what failed, and when it is retried
                    }
                });
            }
        });
        if (!errors.isEmpty()) {
            Map<String, Object> shown = new TreeMap<>();
            errors.forEach((k, v) -> shown.put(k, List.copyOf(v)));
            unit.put("relation-errors", shown);
        }
        if (!errorInfo.isEmpty()) {
            unit.put("relation-errors-info", errorInfo);
        }
        return unit;
    }

    /** Go juju's shape: {@code current}, {@code message} (when there is one), {@code since}. */
    static Map<String, Object> workloadStatus(jujube.model.WorkloadStatus status) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("current", status.current());
        if (!status.message().isEmpty()) {
            shown.put("message", status.message());
        }
        shown.put("since", status.since().toString());
        return shown;
    }

    /** The unit's agent state as status shows it ({@link jujube.model.UnitInfo#agentState}). */
    static String agentState(UnitStatus u) {
        return u.info().agentState();
    }

    /** A workflow state as status and status-history name it ({@link jujube.model.UnitInfo#shownState}). */
    static String shownState(String workflowState) {
        return jujube.model.UnitInfo.shownState(workflowState);
    }

    /**
     * {@code agent-version}, the version of the distribution the agent's bundles come from, and while an upgrade
     * of them is under way or after it failed, {@code agent-upgrade}: nothing for an agent that never reported.
     * One read per agent, beside the overview's: reports are not part of it.
     */
    private void agentBundles(Map<String, Object> info, String agent) {
        Optional<AgentBundlesReport> report;
        try {
            report = state.agentBundles().report(agent);
        } catch (CorruptStateException e) {
            // one agent's bad report is no reason to fail everyone's status
            info.put("agent-version", "unknown");
            info.put("agent-upgrade", "unreadable report: " + e.getMessage());
            return;
        }
        report.ifPresent(r -> {
            info.put("agent-version", DistributionBundles.shown(r.running().version()));
            if (r.state().equals(AgentBundlesReport.UPGRADING)) {
                info.put("agent-upgrade", "upgrading to " + r.generation());
            } else if (r.state().equals(AgentBundlesReport.FAILED)) {
                info.put("agent-upgrade", "failed: " + r.reason().replaceAll("[\\s\\p{Cntrl}]+", " ").strip());
            }
        });
    }

    private static String port(Port p) {
        return p.toString();
    }

    private static List<String> others(RelationInfo r, String service) {
        List<String> others = r.endpoints().stream().map(RelationEndpoint::serviceName).filter(n -> !n.equals(service)).toList();
        return others.isEmpty() ? List.of(service) : others;
    }

    private static Map<String, Object> relationsOf(String service, List<RelationInfo> relations) {
        Map<String, Set<String>> byName = new TreeMap<>();
        for (RelationInfo r : relations) {
            r.endpointOf(service).ifPresent(e -> byName.computeIfAbsent(e.relationName(), k -> new TreeSet<>()).addAll(others(r, service)));
        }
        Map<String, Object> shown = new TreeMap<>();
        byName.forEach((k, v) -> shown.put(k, List.copyOf(v)));
        return shown;
    }

    private List<String> principalsOf(String service, List<RelationInfo> relations) {
        Set<String> principals = new TreeSet<>();
        for (RelationInfo r : relations) {
            if (r.scope() == jujube.model.RelationScope.CONTAINER && r.endpointOf(service).isPresent()) {
                principals.addAll(others(r, service));
            }
        }
        return List.copyOf(principals);
    }

    private Map<String, Object> machines(List<MachineInfo> all, Set<Integer> only) {
        Map<String, Object> machines = new LinkedHashMap<>();
        for (MachineInfo m : all) {
            if (only != null && !only.contains(m.id())) {
                continue;
            }
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("agent-state", m.agentState());
            if (!m.agentStateInfo().isEmpty()) {
                info.put("agent-state-info", m.agentStateInfo());
            }
            info.put("instance-id", m.instanceId().isEmpty() ? "pending" : m.instanceId());
            agentBundles(info, AgentBundles.machine(m.id()));
            if (!m.limits().isEmpty()) {
                info.put("limits", new java.util.TreeMap<>(m.limits())); // what its agent saw it reach
            }
            machines.put(Integer.toString(m.id()), info);
        }
        return machines;
    }
}
