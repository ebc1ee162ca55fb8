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
        // a column for the limits reached only when a machine reached one: the usual table stays as it was
        boolean limited = all.values().stream().anyMatch(m -> m.containsKey("limits"));
        Table machines = limited ? new Table("MACHINE", "STATE", "INSTANCE", "LIMITS") : new Table("MACHINE", "STATE", "INSTANCE");
        all.forEach((id, m) -> {
            if (limited) {
                machines.row(id, text(m.get("agent-state")), text(m.get("instance-id")), limits(m.get("limits")));
            } else {
                machines.row(id, text(m.get("agent-state")), text(m.get("instance-id")));
            }
        });
        Table services = new Table("SERVICE", "CHARM", "EXPOSED", "RELATIONS");
        Table units = new Table("SERVICE", "UNIT", "STATE", "MACHINE", "ADDRESS", "PORTS");
        ((Map<String, Map<String, Object>>) status.get("services")).forEach((name, s) -> {
            List<String> relations = new ArrayList<>();
            ((Map<String, List<String>>) s.get("relations")).forEach((rel, others) -> relations.add(rel + ":" + String.join(",", others)));
            services.row(name, text(s.get("charm")), Boolean.TRUE.equals(s.get("exposed")) ? "yes" : "no",
                    relations.isEmpty() ? "-" : String.join(" ", relations));
            Map<String, Map<String, Object>> serviceUnits = (Map<String, Map<String, Object>>) s.getOrDefault("units", Map.of());
            serviceUnits.forEach((unitName, u) -> {
                unitRow(units, name, unitName, u, text(u.get("machine")));
                Map<String, Map<String, Object>> subs = (Map<String, Map<String, Object>>) u.getOrDefault("subordinates", Map.of());
                subs.forEach((subName, sub) -> unitRow(units, subName.substring(0, subName.indexOf('/')), "  " + subName, sub,
                        text(u.get("machine"))));
            });
        });
        return machines.render() + "\n" + services.render() + "\n" + units.render();
    }

    /** The limits a machine reached, named ({@code memory, disk}); {@code -} for none. */
    private static String limits(Object limits) {
        return limits instanceof Map<?, ?> reached && !reached.isEmpty()
                ? String.join(",", reached.keySet().stream().map(Object::toString).toList()) + " reached" : "-";
    }

    @SuppressWarnings("unchecked")
    private static void unitRow(Table table, String service, String unit, Map<String, Object> u, String machine) {
        String state = text(u.get("agent-state"));
        if (u.containsKey("relation-errors")) {
            state += " (relation errors: " + String.join(",", ((Map<String, Object>) u.get("relation-errors")).keySet()) + ")";
        }
        List<String> ports = (List<String>) u.getOrDefault("open-ports", List.of());
        // Go juju marks the leader with a star after its name
        table.row(service, Boolean.TRUE.equals(u.get("leader")) ? unit + "*" : unit, state, machine, text(u.get("public-address")), ports.isEmpty() ? "-" : String.join(",", ports));
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
