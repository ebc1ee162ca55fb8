package jujube.cli.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.EnvironmentOverview;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube export-bundle [-o FILE]}: the environment as a bundle that {@code deploy} takes back:
 * every service with its charm, units, placement ({@code to}, the machines its units are on), set options
 * and exposure; the relations other than peer relations; the machines units are on.
 *
 * <p>Charms: the environment keeps no record of the directory or file a charm was deployed from, only the
 * archive it stored. Each {@code charm:} is that stored archive's absolute path, which deploys the very
 * same charm again on this host; a comment at the top says so, and that to deploy the bundle elsewhere the
 * operator points those paths at the charms' sources. A charm whose archive is not stored on this host
 * gets a placeholder path the operator must fill in, and a warning.
 */
@Command(name = "export-bundle", description = "Write the environment as a bundle (yaml) that deploy takes back.")
public final class ExportBundleCommand extends SessionCommand {
    @Option(names = {"-o", "--filename"}, paramLabel = "FILE", description = "Write the bundle to FILE (default: standard output).")
    Path file;

    @Override
    int run(EnvironmentSession session) {
        EnvironmentOverview overview = session.state().overview();
        Map<UnitName, UnitInfo> units = new LinkedHashMap<>();
        overview.units().forEach(u -> units.put(u.info().name(), u.info()));
        Map<String, Object> applications = new TreeMap<>();
        TreeSet<Integer> machines = new TreeSet<>();
        List<String> missing = new ArrayList<>();
        for (ServiceInfo s : overview.services()) {
            Map<String, Object> app = new LinkedHashMap<>();
            app.put("charm", charmPath(overview.charms().get(s.charmId()), s, missing));
            boolean subordinate = overview.charms().containsKey(s.charmId())
                    && Boolean.TRUE.equals(overview.charms().get(s.charmId()).metadata().get("subordinate"));
            if (!subordinate) {
                app.put("num_units", s.units().size());
                List<String> to = new ArrayList<>();
                for (UnitName name : s.units()) {
                    UnitInfo unit = units.get(name);
                    if (unit == null || unit.machineId().isEmpty()) {
                        to = null; // a unit not placed yet: let the environment place them all
                        break;
                    }
                    to.add(Integer.toString(unit.machineId().getAsInt()));
                    machines.add(unit.machineId().getAsInt());
                }
                if (to != null && !to.isEmpty()) {
                    app.put("to", to);
                }
            }
            Map<String, Object> options = new TreeMap<>(session.state().services().config(s.name()));
            options.values().removeIf(v -> v == null);
            if (!options.isEmpty()) {
                app.put("options", options);
            }
            if (overview.exposedServices().contains(s.name())) {
                app.put("expose", true);
            }
            applications.put(s.name(), app);
        }
        Map<String, Object> bundle = new LinkedHashMap<>();
        if (!machines.isEmpty()) {
            Map<String, Object> declared = new LinkedHashMap<>();
            machines.forEach(m -> declared.put(Integer.toString(m), Map.of()));
            bundle.put("machines", declared);
        }
        bundle.put("applications", applications);
        List<List<String>> relations = relations(overview.relations());
        if (!relations.isEmpty()) {
            bundle.put("relations", relations);
        }
        String text = header(session) + yaml(bundle);
        missing.forEach(m -> err().println("warning: " + m));
        if (file == null) {
            out().print(text);
            return 0;
        }
        try {
            AtomicFiles.write(file.toAbsolutePath(), text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CliException("cannot write " + file + ": " + e.getMessage(), e);
        }
        out().printf("Bundle of environment '%s' written to %s%n", session.environment().name(), file);
        return 0;
    }

    private static String header(EnvironmentSession session) {
        return "# Environment '" + session.environment().name() + "' as a bundle (jujube export-bundle).\n"
                + "# Each charm: is the archive the environment stored when the charm was deployed: it deploys the\n"
                + "# same charm again on this host. To deploy this bundle elsewhere, point them at the charms' sources.\n";
    }

    /** The stored archive's path, or a placeholder to fill in (with a warning) when it is not on this host. */
    private static String charmPath(CharmRecord charm, ServiceInfo s, List<String> missing) {
        if (charm != null && charm.url().startsWith("file:")) {
            Path stored = Path.of(URI.create(charm.url()));
            if (java.nio.file.Files.isRegularFile(stored)) {
                return stored.toString();
            }
        }
        missing.add("service '" + s.name() + "': the archive of charm " + s.charmId()
                + " is not stored on this host: fill in the path of its charm in the bundle");
        return "./FILL-IN-path-of-charm-" + s.charmId().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Relations as {@code [service:relation, service:relation]}, peer relations left out (they come with their charm). */
    private static List<List<String>> relations(List<RelationInfo> all) {
        List<List<String>> relations = new ArrayList<>();
        for (RelationInfo r : all) {
            if (r.endpoints().size() != 2) {
                continue;
            }
            relations.add(r.endpoints().stream().map(ExportBundleCommand::endpoint).sorted().toList());
        }
        relations.sort((a, b) -> String.join(" ", a).compareTo(String.join(" ", b)));
        return relations;
    }

    private static String endpoint(RelationEndpoint e) {
        return e.serviceName() + ":" + e.relationName();
    }

    private static String yaml(Map<String, Object> bundle) {
        try {
            return new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER))
                    .writeValueAsString(bundle);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the bundle as YAML", e);
        }
    }
}
