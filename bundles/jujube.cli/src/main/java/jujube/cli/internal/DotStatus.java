package jujube.cli.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Status as a Graphviz graph: a node per service (charm and unit count) and an edge per related pair of
 * services, labelled with the relation names; subordinate services are drawn dashed.
 */
final class DotStatus {
    private DotStatus() {}

    @SuppressWarnings("unchecked")
    static String render(Map<String, Object> status) {
        StringBuilder dot = new StringBuilder("graph status {\n  node [shape=box, style=rounded];\n");
        Map<String, Set<String>> edges = new TreeMap<>();
        ((Map<String, Map<String, Object>>) status.get("services")).forEach((name, s) -> {
            Map<String, Object> units = (Map<String, Object>) s.getOrDefault("units", Map.of());
            String label = name + "\\n" + s.get("charm") + (Boolean.TRUE.equals(s.get("subordinate")) ? "\\nsubordinate"
                    : "\\n" + units.size() + (units.size() == 1 ? " unit" : " units"));
            dot.append("  ").append(quote(name)).append(" [label=").append(quote(label))
                    .append(Boolean.TRUE.equals(s.get("subordinate")) ? ", style=\"rounded,dashed\"" : "")
                    .append(Boolean.TRUE.equals(s.get("exposed")) ? ", penwidth=2" : "").append("];\n");
            ((Map<String, List<String>>) s.get("relations")).forEach((rel, others) -> others.forEach(other -> {
                String key = name.compareTo(other) <= 0 ? quote(name) + " -- " + quote(other) : quote(other) + " -- " + quote(name);
                edges.computeIfAbsent(key, k -> new TreeSet<>()).add(rel);
            }));
        });
        edges.forEach((edge, labels) -> dot.append("  ").append(edge).append(" [label=")
                .append(quote(String.join(",", labels))).append("];\n"));
        return dot.append("}\n").toString();
    }

    private static String quote(String text) {
        return "\"" + text.replace("\"", "\\\"") + "\"";
    }
}
