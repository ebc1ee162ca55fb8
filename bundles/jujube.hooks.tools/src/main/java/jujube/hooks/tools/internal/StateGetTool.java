package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;

/**
 * {@code state-get [--strict] [KEY]}: one value of the unit's charm state (nothing when unset, an error
 * with {@code --strict}), or all of it, Go juju's tool as the ops library calls it.
 */
final class StateGetTool implements HookTool {
    @Override
    public String name() {
        return "state-get";
    }

    @Override
    public String usage() {
        return "state-get [--strict] [KEY]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.STRICT);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        Map<String, String> state = context.backend().stateGet(context.clientId());
        Optional<String> key = context.args().positional(0);
        if (key.isPresent()) {
            String value = state.get(key.get());
            if (value == null && context.args().flag(ToolOption.STRICT)) {
                throw new HookToolException(ErrorCode.NO_SUCH_KEY, "key \"" + key.get() + "\" not found");
            }
            return Optional.of(value == null ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value));
        }
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        new TreeMap<>(state).forEach(all::put);
        return Optional.of(all);
    }
}
