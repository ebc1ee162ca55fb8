package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.hooks.tools.HookToolException;

/**
 * {@code relation-get [-r ID] [KEY|-] [UNIT]}: one setting, or all of them for {@code -} or no key. The
 * unit defaults to {@code $JUJU_REMOTE_UNIT}, as in the original. With {@code --app}, an application's
 * data bag instead: {@code relation-get --app [-r ID] [KEY|-] [APP]}, the application defaulting to
 * {@code $JUJU_REMOTE_APP}, else the relation's remote application (Go juju 3). An absent key prints nothing and exits
 * 0 (json: {@code null}): charms test {@code [ -z "$(relation-get host)" ]} while the remote side has not
 * set its settings yet, so this must not fail the hook.
 *
 * <p>{@code --format=shell} prints the original's {@code VAR_KEY=value} lines for {@code eval}: first
 * {@code VAR_X=} for each {@code VAR_} variable of the tool's environment, clearing what an earlier
 * eval left (named on stderr, as the original did), then one assignment per setting, sorted by key.
 */
final class RelationGetTool implements HookTool {
    @Override
    public String name() {
        return "relation-get";
    }

    @Override
    public String usage() {
        return "relation-get [-r ID] [--app] [KEY|-] [UNIT|APP]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID, ToolOption.APP);
    }

    @Override
    public List<OutputFormat> ownFormats() {
        return List.of(OutputFormat.SHELL);
    }

    @Override
    public String render(OutputFormat format, JsonNode value, ToolContext context) {
        Map<String, String> settings = new TreeMap<>();
        Optional<String> key = key(context.args());
        if (key.isPresent()) {
            settings.put(key.get(), value.isNull() ? "" : value.asText());
        } else {
            value.fields().forEachRemaining(field -> settings.put(field.getKey(), field.getValue().asText()));
        }
        if (settings.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        List<String> stale = new TreeSet<>(context.env().keySet()).stream().filter(name -> name.startsWith("VAR_"))
                .map(ShellAssignments::variableName).toList();
        stale.forEach(name -> text.append(name).append("=\n"));
        settings.forEach((name, setting) -> text.append("VAR_").append(ShellAssignments.variableName(name))
                .append('=').append(ShellAssignments.quote(setting)).append('\n'));
        if (!stale.isEmpty()) {
            context.warn("The following were omitted from the environment.  VAR_ prefixed variables indicate a usage error.");
            context.warn(String.join(" ", stale));
        }
        return text.toString();
    }

    private static Optional<String> key(ParsedArgs args) {
        return args.positional(0).filter(k -> !k.equals("-"));
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        ParsedArgs args = context.args();
        args.expectPositionals(0, 2);
        String key = key(args).orElse(null);
        Map<String, String> settings;
        if (args.flag(ToolOption.APP)) {
            String app = args.positional(1).or(() -> context.env("JUJU_REMOTE_APP")).orElse(null);
            settings = context.backend().relationGetApp(context.clientId(), context.relationId(), app);
        } else {
            String unit = args.positional(1).or(() -> context.env("JUJU_REMOTE_UNIT")).orElse(null);
            settings = context.backend().relationGet(context.clientId(), context.relationId(), unit);
        }
        if (key != null) {
            String value = settings.get(key);
            return Optional.of(value == null ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value));
        }
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        new TreeMap<>(settings).forEach(all::put);
        return Optional.of(all);
    }
}
