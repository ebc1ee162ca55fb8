package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/**
 * {@code action-fail [MESSAGE]}: the running action ends as failed, with the message (Go juju's when none
 * is given); the action itself runs on to its end.
 */
final class ActionFailTool implements HookTool {
    static final String NO_REASON = "action failed without reason given, check action for errors";

    @Override
    public String name() {
        return "action-fail";
    }

    @Override
    public String usage() {
        return "action-fail [MESSAGE]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 1);
        context.backend().actionFail(context.clientId(), context.args().positional(0).orElse(NO_REASON));
        return Optional.empty();
    }
}
