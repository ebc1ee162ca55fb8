package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import jujube.charm.CharmActions;
import jujube.model.CharmRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jujube actions SERVICE [--schema]}: the actions of the service's charm, or their JSON Schemas. */
@Command(name = "actions", description = "List the actions of a service's charm.")
public final class ActionsCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE", description = "The service.")
    String service;

    @Option(names = "--schema", description = "Print each action's JSON Schema of its parameters.")
    boolean schema;

    @Option(names = "--format", paramLabel = "tabular|yaml|json",
            description = "Output format (default: tabular; yaml with --schema).")
    String format;

    @Override
    int run(EnvironmentSession session) {
        String shownAs = format == null ? (schema ? "yaml" : "tabular") : format;
        if (!shownAs.equals("tabular") && !shownAs.equals("yaml") && !shownAs.equals("json")
                || schema && shownAs.equals("tabular")) {
            throw usage("--format must be " + (schema ? "" : "tabular, ") + "yaml or json, got '" + shownAs + "'");
        }
        CharmRecord charm = session.state().charms().get(session.state().services().get(service).charmId());
        CharmActions actions = session.reader().parseActions(charm.id(), charm.actions());
        if (shownAs.equals("tabular")) {
            if (actions.actions().isEmpty()) {
                out().println("No actions defined for " + service + ".");
                return 0;
            }
            int width = Math.max("Action".length(), actions.actions().keySet().stream().mapToInt(String::length).max().orElse(0));
            out().println(String.format("%-" + (width + 2) + "s%s", "Action", "Description").stripTrailing());
            actions.actions().forEach((name, spec) -> out().println(
                    String.format("%-" + (width + 2) + "s%s", name, spec.description().strip().replace('\n', ' ')).stripTrailing()));
            return 0;
        }
        Map<String, Object> shown = new LinkedHashMap<>();
        actions.actions().forEach((name, spec) -> shown.put(name, schema ? spec.schema() : spec.description()));
        out().print(StatusFormat.valueOf(shownAs).render(shown));
        return 0;
    }
}
