package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Status as aligned columns a person reads at a glance: the machines, then the services, then the
 * units (subordinates indented under their principal).
 */
final class TabularStatus {
    private TabularStatus() {}

    @SuppressWarnings("unchecked")
    static String render(Map<String, Object> status) {
        Map<String, Map<String, Object>> all = (Map<String, Map<String, Object>>) status.get("machines");
        // columns for the agents' versions and upgrades, and for the limits reached, only when some machine has one:
        // the usual table stays as it was
        boolean versions = all.values().stream().anyMatch(m -> m.containsKey("agent-version"));
        boolean upgrades = all.values().stream().anyMatch(m -> m.containsKey("agent-upgrade"));
        boolean limited = all.values().stream().anyMatch(m -> m.containsKey("limits"));
        Table machines = new Table(optional(List.of("MACHINE", "STATE", "INSTANCE"), versions, "VERSION", upgrades,
                "UPGRADE", limited, "LIMITS"));
        all.forEach((id, m) -> machines.row(optional(List.of(id, text(m.get("agent-state")), text(m.get("instance-id"))),
                versions, text(m.get("agent-version")), upgrades, text(m.get("agent-upgrade")), limited,
                limits(m.get("limits")))));
        String controller = "";
        if (status.get("controller") instanceof Map<?, ?> c) {
            boolean upgrading = c.containsKey("agent-upgrade");
            Table agent = new Table(optional(List.of("AGENT", "VERSION"), upgrading, "UPGRADE"));
            agent.row(optional(List.of("controller", text(c.get("agent-version"))), upgrading, text(c.get("agent-upgrade"))));
            controller = agent.render() + "\n";
        }
        Map<String, Map<String, Object>> allServices = (Map<String, Map<String, Object>>) status.get("services");
        // the workload's columns only when a unit has a workload status, which agents of this version set: an
        // environment whose agents predate it keeps its table as it was
        boolean workloads = allServices.values().stream().anyMatch(s -> s.containsKey("application-status")
                || units(s).values().stream().anyMatch(u -> u.containsKey("workload-status")
                        || units(u, "subordinates").values().stream().anyMatch(sub -> sub.containsKey("workload-status"))));
        Table services = workloads ? new Table("SERVICE", "STATUS", "CHARM", "EXPOSED", "RELATIONS")
                : new Table("SERVICE", "CHARM", "EXPOSED", "RELATIONS");
        Table units = workloads ? new Table("SERVICE", "UNIT", "STATE", "WORKLOAD", "MACHINE", "ADDRESS", "PORTS", "MESSAGE")
                : new Table("SERVICE", "UNIT", "STATE", "MACHINE", "ADDRESS", "PORTS");
        allServices.forEach((name, s) -> {
            List<String> relations = new ArrayList<>();
            ((Map<String, List<String>>) s.get("relations")).forEach((rel, others) -> relations.add(rel + ":" + String.join(",", others)));
            String exposed = Boolean.TRUE.equals(s.get("exposed")) ? "yes" : "no";
            String related = relations.isEmpty() ? "-" : String.join(" ", relations);
            if (workloads) {
                services.row(name, current(s.get("application-status")), text(s.get("charm")), exposed, related);
            } else {
                services.row(name, text(s.get("charm")), exposed, related);
            }
            units(s).forEach((unitName, u) -> {
                unitRow(units, workloads, name, unitName, u, text(u.get("machine")));
                units(u, "subordinates").forEach((subName, sub) -> unitRow(units, workloads,
                        subName.substring(0, subName.indexOf('/')), "  " + subName, sub, text(u.get("machine"))));
            });
        });
        return controller + machines.render() + "\n" + services.render() + "\n" + units.render();
    }

    /** {@code cells}, then each of the (condition, cell) pairs' cells whose condition holds. */
    private static String[] optional(List<String> cells, Object... pairs) {
        List<String> all = new ArrayList<>(cells);
        for (int i = 0; i < pairs.length; i += 2) {
            if ((Boolean) pairs[i]) {
                all.add((String) pairs[i + 1]);
            }
        }
        return all.toArray(String[]::new);
    }

    /** The limits a machine reached, named ({@code memory, disk}); {@code -} for none. */
    private static String limits(Object limits) {
        return limits instanceof Map<?, ?> reached && !reached.isEmpty()
                ? String.join(",", reached.keySet().stream().map(Object::toString).toList()) + " reached" : "-";
    }

    private static Map<String, Map<String, Object>> units(Map<String, Object> entry) {
        return units(entry, "units");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> units(Map<String, Object> entry, String key) {
        return (Map<String, Map<String, Object>>) entry.getOrDefault(key, Map.of());
    }

    /** A workload status's name; {@code -} for none. */
    private static String current(Object status) {
        return status instanceof Map<?, ?> m ? text(m.get("current")) : "-";
    }

    private static String message(Object status) {
        return status instanceof Map<?, ?> m && m.get("message") != null ? text(m.get("message")) : "";
    }

    @SuppressWarnings("unchecked")
    private static void unitRow(Table table, boolean workloads, String service, String unit, Map<String, Object> u,
            String machine) {
        String state = text(u.get("agent-state"));
        if (u.containsKey("relation-errors")) {
            state += " (relation errors: " + String.join(",", ((Map<String, Object>) u.get("relation-errors")).keySet()) + ")";
        }
        List<String> ports = (List<String>) u.getOrDefault("open-ports", List.of());
        // Go juju marks the leader with a star after its name
        String name = Boolean.TRUE.equals(u.get("leader")) ? unit + "*" : unit;
        String address = text(u.get("public-address"));
        String opened = ports.isEmpty() ? "-" : String.join(",", ports);
        if (workloads) {
            table.row(service, name, state, current(u.get("workload-status")), machine, address, opened,
                    message(u.get("workload-status")));
        } else {
            table.row(service, name, state, machine, address, opened);
        }
    }

    private static String text(Object value) {
        return value == null ? "-" : value.toString();
    }

    /** Left-aligned columns two spaces apart, each as wide as its widest cell. */
    private static final class Table {
        private final List<String[]> rows = new ArrayList<>();

        Table(String... header) {
            rows.add(header);
        }

        void row(String... cells) {
            rows.add(cells);
        }

        String render() {
            int[] widths = new int[rows.get(0).length];
            for (String[] r : rows) {
                for (int i = 0; i < r.length; i++) {
                    widths[i] = Math.max(widths[i], r[i].length());
                }
            }
            StringBuilder out = new StringBuilder();
            for (String[] r : rows) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < r.length; i++) {
                    line.append(i == r.length - 1 ? r[i] : String.format("%-" + widths[i] + "s  ", r[i]));
                }
                out.append(line.toString().stripTrailing()).append('\n');
            }
            return out.toString();
        }
    }
}
