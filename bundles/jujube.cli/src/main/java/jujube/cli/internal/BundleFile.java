package jujube.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import jujube.cli.CliException;
import jujube.state.Units;

/**
 * Reads a bundle file strictly: as {@link YamlInputFile} reads it (at most {@link #MAX_BYTES}, UTF-8, YAML
 * without duplicate keys), and no key Jujube does not know; every refusal is one line naming the file and
 * the place, {@code bundle.yaml: applications.blog.num_units: ...}.
 */
final class BundleFile {
    /** The largest bundle file read: far more than any bundle of a few hundred applications needs. */
    static final long MAX_BYTES = 1L << 20;

    private static final Set<String> TOP_KEYS = Set.of("applications", "services", "relations", "machines", "series",
            "description", "name");
    private static final Set<String> APPLICATION_KEYS = Set.of("charm", "num_units", "options", "to", "expose");
    private static final Pattern MACHINE = Pattern.compile("0|[1-9][0-9]{0,8}");
    private final String label;

    private BundleFile(Path file) {
        this.label = String.valueOf(file.getFileName());
    }

    /** Whether the operator's deploy argument names a bundle file rather than a charm. */
    static boolean isBundle(String text) {
        return text.endsWith(".yaml") || text.endsWith(".yml");
    }

    static Bundle read(Path file) {
        BundleFile bundle = new BundleFile(file);
        return bundle.content(file, bundle.input(file).bytes());
    }

    /** Parses a bundle's content; {@code file} names it and anchors its relative charm paths. */
    static Bundle parse(Path file, byte[] content) {
        return new BundleFile(file).content(file, content);
    }

    private YamlInputFile input(Path file) {
        return new YamlInputFile(file, label, MAX_BYTES, "a bundle");
    }

    private Bundle content(Path file, byte[] content) {
        YamlInputFile input = input(file);
        JsonNode root = input.tree(input.text(content));
        if (root == null || !root.isObject()) {
            throw fail("", "a bundle is a YAML map with 'applications'");
        }
        checkKeys(root, "", TOP_KEYS);
        if (root.has("applications") && root.has("services")) {
            throw fail("services", "give 'applications' or its old name 'services', not both");
        }
        String appsKey = root.has("services") ? "services" : "applications";
        JsonNode apps = root.get(appsKey);
        if (apps == null || !apps.isObject() || apps.isEmpty()) {
            throw fail(appsKey, "a bundle needs a map of applications");
        }
        Set<String> machines = machines(root.get("machines"));
        Map<String, Bundle.Application> applications = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = apps.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            applications.put(e.getKey(), application(appsKey + "." + e.getKey(), e.getKey(), e.getValue(), machines));
        }
        List<Bundle.Relation> relations = relations(root.get("relations"));
        Optional<String> series = Optional.ofNullable(root.get("series")).map(s -> string(s, "series"));
        Optional.ofNullable(root.get("description")).ifPresent(d -> string(d, "description"));
        Optional.ofNullable(root.get("name")).ifPresent(d -> string(d, "name"));
        return new Bundle(file, applications, relations, machines, series);
    }

    private Bundle.Application application(String where, String name, JsonNode node, Set<String> machines) {
        if (node == null || !node.isObject()) {
            throw fail(where, "an application is a map with at least 'charm'");
        }
        checkKeys(node, where, APPLICATION_KEYS);
        if (!node.has("charm")) {
            throw fail(where, "an application needs 'charm'");
        }
        String charm = string(node.get("charm"), where + ".charm");
        Optional<Integer> units = Optional.empty();
        if (node.has("num_units")) {
            JsonNode n = node.get("num_units");
            if (!n.isIntegralNumber() || n.asLong() < 0 || n.asLong() > Units.MAX_UNITS_PER_REQUEST) {
                throw fail(where + ".num_units", "expected a whole number from 0 to " + Units.MAX_UNITS_PER_REQUEST
                        + ", got " + shown(n));
            }
            units = Optional.of(n.asInt());
        }
        Map<String, Object> options = new LinkedHashMap<>();
        if (node.has("options") && !node.get("options").isNull()) {
            JsonNode o = node.get("options");
            if (!o.isObject()) {
                throw fail(where + ".options", "expected a map of option names to values");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!v.isValueNode() || v.isNull()) {
                    throw fail(where + ".options." + e.getKey(), "expected a string, number or boolean, got " + shown(v));
                }
                options.put(e.getKey(), v.isTextual() ? v.asText() : v.isBoolean() ? v.asBoolean()
                        : v.isIntegralNumber() ? (Object) v.asLong() : (Object) v.asDouble());
            }
        }
        List<String> to = to(where + ".to", node.get("to"), machines);
        // without num_units a principal gets one unit (a subordinate none, which the plan checks)
        int placed = units.orElse(1);
        if (to.size() > placed) {
            throw fail(where + ".to", to.size() + " placements for " + placed + (placed == 1 ? " unit" : " units"));
        }
        boolean expose = false;
        if (node.has("expose")) {
            if (!node.get("expose").isBoolean()) {
                throw fail(where + ".expose", "expected true or false, got " + shown(node.get("expose")));
            }
            expose = node.get("expose").asBoolean();
        }
        return new Bundle.Application(name, charm, units, options, to, expose);
    }

    private List<String> to(String where, JsonNode node, Set<String> machines) {
        List<String> to = new ArrayList<>();
        if (node == null || node.isNull()) {
            return to;
        }
        List<JsonNode> items = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(items::add);
        } else {
            items.add(node);
        }
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String at = node.isArray() ? where + "[" + i + "]" : where;
            String machine = item.isIntegralNumber() || item.isTextual() ? item.asText() : null;
            if (machine == null || !MACHINE.matcher(machine).matches()) {
                throw fail(at, "expected the number of a machine declared in 'machines', got " + shown(item)
                        + " (Jujube places units on machines only, not in containers)");
            }
            if (!machines.contains(machine)) {
                throw fail(at, "machine '" + machine + "' is not declared in 'machines'");
            }
            to.add(machine);
        }
        return to;
    }

    private Set<String> machines(JsonNode node) {
        Set<String> machines = new LinkedHashSet<>();
        if (node == null || node.isNull()) {
            return machines;
        }
        if (!node.isObject()) {
            throw fail("machines", "expected a map of machine numbers");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String where = "machines." + e.getKey();
            if (!MACHINE.matcher(e.getKey()).matches()) {
                throw fail(where, "a machine is named by its number");
            }
            JsonNode v = e.getValue();
            if (!v.isNull() && !(v.isObject() && v.isEmpty())) {
                String key = v.isObject() ? v.fieldNames().next() : null;
                throw fail(key == null ? where : where + "." + key, "a machine takes no settings in Jujube: give {} or nothing");
            }
            machines.add(e.getKey());
        }
        return machines;
    }

    private List<Bundle.Relation> relations(JsonNode node) {
        List<Bundle.Relation> relations = new ArrayList<>();
        if (node == null || node.isNull()) {
            return relations;
        }
        if (!node.isArray()) {
            throw fail("relations", "expected a list of endpoint pairs");
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode pair = node.get(i);
            String where = "relations[" + i + "]";
            if (!pair.isArray() || pair.size() != 2) {
                throw fail(where, "expected a pair of endpoints [service:relation, service:relation], got " + shown(pair));
            }
            List<String> endpoints = new ArrayList<>();
            for (int j = 0; j < 2; j++) {
                endpoints.add(string(pair.get(j), where + "[" + j + "]"));
            }
            relations.add(new Bundle.Relation(i, endpoints));
        }
        return relations;
    }

    private void checkKeys(JsonNode node, String where, Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!known.contains(key)) {
                throw fail(where.isEmpty() ? key : where + "." + key, "unknown key (known: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    private String string(JsonNode node, String where) {
        if (node == null || !node.isTextual() || node.asText().isEmpty()) {
            throw fail(where, "expected a non-empty string, got " + shown(node));
        }
        return node.asText();
    }

    private static String shown(JsonNode node) {
        if (node == null || node.isNull()) {
            return "nothing";
        }
        String text = node.isTextual() ? "'" + node.asText() + "'" : node.toString();
        text = text.replaceAll("\\p{Cntrl}", "?");
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }

    private CliException fail(String where, String problem) {
        return new CliException(label + ": " + (where.isEmpty() ? "" : where + ": ") + problem);
    }
}
