package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/** {@code state-delete KEY}: removes one key of the unit's charm state when the hook succeeds. */
final class StateDeleteTool implements HookTool {
    @Override
    public String name() {
        return "state-delete";
    }

    @Override
    public String usage() {
        return "state-delete KEY";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, 1);
        Map<String, String> delete = new HashMap<>();
        delete.put(context.args().positional(0).orElseThrow(), null);
        context.backend().stateSet(context.clientId(), delete);
        return Optional.empty();
    }
}
