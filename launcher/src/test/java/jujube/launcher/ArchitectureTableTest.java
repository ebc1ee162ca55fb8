package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Constants;

/**
 * The bundle table of {@code docs/architecture.md} against the bundles as built: every bundle has a row,
 * each row's dependencies are exactly the bundles whose packages it imports (whatever is not one of ours,
 * Jackson or slf4j, is not checked), and each depends only on rows above it.
 */
class ArchitectureTableTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Bundle name to the jujube bundles named in its row, in the table's order. */
    private static final Map<String, Set<String>> TABLE = new LinkedHashMap<>();
    private static final Map<String, Manifest> BUILT = new TreeMap<>();
    private static final Set<String> MODULES_ONLY = new TreeSet<>();

    @BeforeAll
    static void read() throws IOException {
        try (Stream<Path> dirs = Files.list(ROOT.resolve("bundles"))) {
            for (Path dir : dirs.sorted().toList()) {
                Path manifest = dir.resolve("target/classes/META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(dir.resolve("pom.xml"))) {
                    continue;
                }
                if (Files.isRegularFile(manifest)) {
                    try (InputStream in = Files.newInputStream(manifest)) {
                        BUILT.put(dir.getFileName().toString(), new Manifest(in));
                    }
                } else {
                    MODULES_ONLY.add(dir.getFileName().toString()); // a plain jar for tests, never deployed
                }
            }
        }
        List<String> rows = new ArrayList<>();
        boolean inBundles = false;
        for (String line : Files.readAllLines(ROOT.resolve("docs/architecture.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inBundles = line.startsWith("## 2. Bundles");
            } else if (inBundles && line.startsWith("| `jujube.")) {
                rows.add(line);
            }
        }
        for (String row : rows) {
            String[] cells = row.split(" \\| ");
            String name = cells[0].replace("| ", "").replace("`", "").strip();
            Set<String> deps = new TreeSet<>();
            for (String token : cells[cells.length - 1].replace(" |", "").split(",")) {
                String word = token.strip().split("[ (]")[0];
                Stream.concat(BUILT.keySet().stream(), MODULES_ONLY.stream()).filter(b -> b.equals("jujube." + word) || b.endsWith("." + word)).findFirst()
                        .ifPresent(deps::add);
            }
            TABLE.put(name, deps);
        }
        assertTrue(BUILT.size() > 20, "the bundles are built: " + BUILT.keySet());
    }

    @Test
    void every_bundle_has_a_row_and_every_row_a_bundle() {
        Set<String> modules = new TreeSet<>(BUILT.keySet());
        modules.addAll(MODULES_ONLY);
        assertEquals(modules, new TreeSet<>(TABLE.keySet()));
    }

    @Test
    void each_row_names_exactly_the_bundles_its_bundle_imports_from() {
        Map<String, String> exporters = new TreeMap<>();
        BUILT.forEach((bundle, manifest) -> packages(manifest, Constants.EXPORT_PACKAGE)
                .forEach(p -> exporters.putIfAbsent(p, bundle)));
        Map<String, Set<String>> mismatches = new TreeMap<>();
        BUILT.forEach((bundle, manifest) -> {
            Set<String> imported = new TreeSet<>();
            for (String p : packages(manifest, Constants.IMPORT_PACKAGE)) {
                String from = exporters.get(p);
                if (from != null && !from.equals(bundle)) {
                    imported.add(from);
                }
            }
            Set<String> listed = TABLE.getOrDefault(bundle, Set.of());
            if (!imported.equals(listed)) {
                mismatches.put(bundle, Set.of("imports " + imported, "the table says " + listed));
            }
        });
        assertEquals(Map.of(), mismatches);
    }

    @Test
    void nothing_depends_on_a_bundle_below_it_in_the_table() {
        List<String> order = new ArrayList<>(TABLE.keySet());
        List<String> upward = new ArrayList<>();
        TABLE.forEach((bundle, deps) -> deps.stream().filter(d -> order.indexOf(d) > order.indexOf(bundle))
                .forEach(d -> upward.add(bundle + " -> " + d)));
        assertEquals(List.of(), upward);
    }

    /** The package names of a manifest header, attributes and directives left out. */
    private static Set<String> packages(Manifest manifest, String header) {
        String value = manifest.getMainAttributes().getValue(header);
        Set<String> names = new TreeSet<>();
        if (value == null) {
            return names;
        }
        boolean quoted = false;
        StringBuilder clause = new StringBuilder();
        for (char c : (value + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                names.add(clause.toString().split(";")[0].strip());
                clause.setLength(0);
            } else {
                clause.append(c);
            }
        }
        return names;
    }
}
