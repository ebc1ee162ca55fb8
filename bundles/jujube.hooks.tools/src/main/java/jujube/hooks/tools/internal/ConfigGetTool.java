package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.hooks.tools.HookToolException;

/**
 * {@code config-get [KEY]} and {@code config-get --all}: one option's value (nothing when unset), or the
 * whole configuration: the options with a value, or with {@code --all} every option, those without a
 * value as null (charm-helpers reads its configuration with {@code config-get --all --format=json}).
 */
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
        return "config-get [KEY] | config-get --all";
    }

    @Override
    public java.util.Set<ToolOption> extraOptions() {
        return java.util.Set.of(ToolOption.ALL);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        boolean all = context.args().flag(ToolOption.ALL);
        Optional<String> key = context.args().positional(0);
        if (all && key.isPresent()) {
            throw new UsageException("cannot use argument --all together with key \"" + key.get() + "\"");
        }
        Map<String, Object> config = all ? context.backend().configGetAll(context.clientId())
                : context.backend().configGet(context.clientId());
        if (key.isPresent()) {
            return Optional.of(json.valueToTree(config.get(key.get())));
        }
        return Optional.of(json.valueToTree(new TreeMap<>(config)));
    }
}
