package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import jujube.hooks.tools.HookToolException;

/**
 * {@code relation-get [-r ID] [KEY|-] [UNIT]}: one setting, or all of them for {@code -} or no key. The
 * unit defaults to {@code $JUJU_REMOTE_UNIT}, as in the original. An absent key prints nothing and exits
 * 0 (json: {@code null}): charms test {@code [ -z "$(relation-get host)" ]} while the remote side has not
 * set its settings yet, so this must not fail the hook.
 */
final class RelationGetTool implements HookTool {
    @Override
    public String name() {
        return "relation-get";
    }

    @Override
    public String usage() {
        return "relation-get [-r ID] [KEY|-] [UNIT]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        ParsedArgs args = context.args();
        args.expectPositionals(0, 2);
        String key = args.positional(0).filter(k -> !k.equals("-")).orElse(null);
        String unit = args.positional(1).or(() -> context.env("JUJU_REMOTE_UNIT")).orElse(null);
        Map<String, String> settings = context.backend().relationGet(context.clientId(), context.relationId(), unit);
        if (key != null) {
            String value = settings.get(key);
            return Optional.of(value == null ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value));
        }
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        new TreeMap<>(settings).forEach(all::put);
        return Optional.of(all);
    }
}
