package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;

/**
 * {@code relation-list [-r ID]}: the remote units in the relation, one per line in smart format; with
 * {@code --format=eval}, the original's {@code export JUJU_MEMBERS="u/0 u/1"}. With {@code --app}, the
 * remote application's name instead (Go juju 3).
 */
final class RelationListTool implements HookTool {
    @Override
    public String name() {
        return "relation-list";
    }

    @Override
    public String usage() {
        return "relation-list [-r ID] [--app]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID, ToolOption.APP);
    }

    @Override
    public List<OutputFormat> ownFormats() {
        return List.of(OutputFormat.EVAL);
    }

    @Override
    public String render(OutputFormat format, JsonNode value, ToolContext context) {
        List<String> members = new ArrayList<>();
        value.forEach(member -> members.add(member.asText()));
        // unit names (service/N) hold nothing a double-quoted string would expand
        return "export JUJU_MEMBERS=\"" + String.join(" ", members) + "\"\n";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 0);
        if (context.args().flag(ToolOption.APP)) {
            return Optional.of(JsonNodeFactory.instance.textNode(
                    context.backend().relationListApp(context.clientId(), context.relationId())));
        }
        return Optional.of(array(context.backend().relationList(context.clientId(), context.relationId())));
    }

    static ArrayNode array(List<String> items) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        items.forEach(array::add);
        return array;
    }
}
