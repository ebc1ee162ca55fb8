package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/** {@code action-log MESSAGE...}: the words joined by spaces, added to the running action's log at once. */
final class ActionLogTool implements HookTool {
    @Override
    public String name() {
        return "action-log";
    }

    @Override
    public String usage() {
        return "action-log MESSAGE...";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, Integer.MAX_VALUE);
        context.backend().actionLog(context.clientId(), String.join(" ", context.args().positionals()));
        return Optional.empty();
    }
}
