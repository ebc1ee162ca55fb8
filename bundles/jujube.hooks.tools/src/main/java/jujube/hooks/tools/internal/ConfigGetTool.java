package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.hooks.tools.HookToolException;

/** {@code config-get [KEY]}: one option's value (nothing when unset), or the whole configuration. */
final class ConfigGetTool implements HookTool {
    private final ObjectMapper json;

    ConfigGetTool(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public String name() {
        return "config-get";
    }

    @Override
    public String usage() {
        return "config-get [KEY]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        Map<String, Object> config = context.backend().configGet(context.clientId());
        Optional<String> key = context.args().positional(0);
        if (key.isPresent()) {
            return Optional.of(json.valueToTree(config.get(key.get())));
        }
        return Optional.of(json.valueToTree(new TreeMap<>(config)));
    }
}
