package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;

/**
 * {@code is-leader}: whether the unit leads its service, asked of ZooKeeper at each call, so that a lead
 * lost since the hook began shows at once. {@code True}/{@code False} by default, as juju's smart format
 * prints a boolean; {@code true}/{@code false} in json and yaml (the ops library asks for json).
 */
final class IsLeaderTool implements HookTool {
    @Override
    public String name() {
        return "is-leader";
    }

    @Override
    public String usage() {
        return "is-leader";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 0);
        boolean leader = context.backend().isLeader(context.clientId());
        boolean smart = context.args().option(ToolOption.FORMAT).map(f -> f.equalsIgnoreCase("smart")).orElse(true);
        return Optional.of(smart ? TextNode.valueOf(leader ? "True" : "False") : BooleanNode.valueOf(leader));
    }
}
