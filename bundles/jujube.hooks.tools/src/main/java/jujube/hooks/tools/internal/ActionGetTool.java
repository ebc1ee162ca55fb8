package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/**
 * {@code action-get [KEY[.KEY...]]}: the running action's parameters, all of them or the value at a dotted
 * path into them (nothing when there is none), as Go juju prints them.
 */
final class ActionGetTool implements HookTool {
    private final ObjectMapper json;

    ActionGetTool(ObjectMapper json) {
        // keys sorted, as Go juju prints a map
        this.json = json.copy().configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    }

    @Override
    public String name() {
        return "action-get";
    }

    @Override
    public String usage() {
        return "action-get [KEY[.KEY...]]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        JsonNode node = json.valueToTree(context.backend().actionGet(context.clientId()));
        Optional<String> key = context.args().positional(0);
        if (key.isEmpty()) {
            return Optional.of(node);
        }
        for (String part : key.get().split("\\.", -1)) {
            if (part.isEmpty()) {
                throw new UsageException("invalid key \"" + key.get() + "\"");
            }
            node = node == null || !node.isObject() ? null : node.get(part);
        }
        return Optional.of(node == null ? NullNode.instance : node);
    }

}
