package jujube.dashboard.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jujube.model.MachineInfo;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitStatus;
import jujube.state.EnvironmentOverview;

/**
 * The environment as the page draws it: one entry per thing it shows, keyed {@code service:NAME},
 * {@code unit:NAME}, {@code machine:ID}, {@code relation:ID}, each a small map of what the page shows of
 * it. Two views compare entry by entry ({@link ViewDiff}), so the page is sent and redraws only the
 * entries that changed. No setting value is ever read into it: relations show their endpoints only.
 */
final class EnvironmentView {
    private EnvironmentView() {}

    static Map<String, Map<String, Object>> of(EnvironmentOverview o) {
        Map<String, Map<String, Object>> view = new TreeMap<>();
        for (ServiceInfo s : o.services()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", s.name());
            e.put("charm", s.charmId());
            e.put("exposed", o.exposedServices().contains(s.name()));
            o.applicationStatus(s.name()).ifPresent(status -> e.put("status", status.current()));
            view.put("service:" + s.name(), e);
        }
        for (RelationInfo r : o.relations()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("interface", r.interfaceName());
            e.put("scope", r.scope().toString().toLowerCase(java.util.Locale.ROOT));
            List<Map<String, String>> ends = new ArrayList<>();
            for (RelationEndpoint end : r.endpoints()) {
                ends.add(Map.of("service", end.serviceName(), "name", end.relationName(),
                        "role", end.role().toString().toLowerCase(java.util.Locale.ROOT)));
            }
            e.put("endpoints", ends);
            view.put("relation:" + r.id(), e);
        }
        for (UnitStatus u : o.units()) {
            view.put("unit:" + u.info().name(), unit(u, o));
        }
        for (MachineInfo m : o.machines()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("id", m.id());
            e.put("agentState", m.agentState());
            e.put("info", m.agentStateInfo());
            e.put("instance", m.instanceId().isEmpty() ? "pending" : m.instanceId());
            e.put("limits", new TreeMap<>(m.limits()));
            view.put("machine:" + m.id(), e);
        }
        return view;
    }

    private static Map<String, Object> unit(UnitStatus u, EnvironmentOverview o) {
        Map<String, Object> e = new LinkedHashMap<>();
        var name = u.info().name();
        e.put("name", name.toString());
        e.put("service", name.service());
        e.put("agentState", u.info().agentState());
        e.put("info", u.info().workflowStateInfo());
        e.put("leader", name.equals(o.leaders().get(name.service())));
        // as status shows it: a unit whose hook failed is in error, whatever its charm last set
        u.shownWorkload().ifPresent(w -> {
            e.put("workload", w.current());
            e.put("message", w.message());
        });
        u.info().machineId().ifPresent(m -> e.put("machine", m));
        u.info().container().ifPresent(p -> e.put("principal", p.toString()));
        e.put("address", u.info().publicAddress().isEmpty() ? u.info().privateAddress() : u.info().publicAddress());
        e.put("ports", u.ports().stream().sorted().map(EnvironmentView::port).toList());
        e.put("relationErrors", new TreeMap<>(u.relationErrors()).keySet().stream().toList());
        return e;
    }

    private static String port(Port p) {
        if ("icmp".equals(p.protocol())) {
            return "icmp";
        }
        return (p.to() == p.number() ? Integer.toString(p.number()) : p.number() + "-" + p.to()) + "/" + p.protocol();
    }
}
