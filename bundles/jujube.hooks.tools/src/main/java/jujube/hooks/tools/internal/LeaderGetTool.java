package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.hooks.tools.HookToolException;

/** {@code leader-get [KEY|-]}: one leader setting (nothing when unset), or all of them ({@code -} or none). */
final class LeaderGetTool implements HookTool {
    @Override
    public String name() {
        return "leader-get";
    }

    @Override
    public String usage() {
        return "leader-get [KEY|-]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        Optional<String> key = context.args().positional(0).filter(k -> !k.equals("-"));
        Map<String, String> settings = context.backend().leaderGet(context.clientId());
        if (key.isPresent()) {
            String value = settings.get(key.get());
            return Optional.of(value == null ? NullNode.instance : TextNode.valueOf(value));
        }
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        new TreeMap<>(settings).forEach(all::put);
        return Optional.of(all);
    }
}
