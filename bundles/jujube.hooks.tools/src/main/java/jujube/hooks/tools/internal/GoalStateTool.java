package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/** {@code goal-state}: Go juju's goal state of the unit, YAML by default, {@code --format=json} as charms ask. */
final class GoalStateTool implements HookTool {
    private final ObjectMapper json;

    GoalStateTool(ObjectMapper json) {
        // keys sorted, as Go's encoding of a map writes them
        this.json = json.copy().configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    }

    @Override
    public String name() {
        return "goal-state";
    }

    @Override
    public String usage() {
        return "goal-state";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 0);
        return Optional.of(json.valueToTree(context.backend().goalState(context.clientId())));
    }
}
