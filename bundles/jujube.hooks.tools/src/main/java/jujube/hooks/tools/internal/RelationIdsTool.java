package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/** {@code relation-ids [NAME]}: the ids of the unit's relations with that name (default: the hook's). */
final class RelationIdsTool implements HookTool {
    @Override
    public String name() {
        return "relation-ids";
    }

    @Override
    public String usage() {
        return "relation-ids [NAME]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        String name = context.args().positional(0).or(() -> context.env("JUJU_RELATION")).orElse(null);
        return Optional.of(RelationListTool.array(context.backend().relationIds(context.clientId(), name)));
    }
}
