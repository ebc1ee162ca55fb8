package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.StatusInfo;

/**
 * {@code status-get [--include-data] [--application]}, in Go juju's shapes: the status name alone by
 * default; otherwise {@code {status}}, with {@code --include-data} also {@code message} and
 * {@code status-data}; with {@code --application} (the leader only) the application's under
 * {@code application-status}, its units' under its {@code units}.
 */
final class StatusGetTool implements HookTool {
    @Override
    public String name() {
        return "status-get";
    }

    @Override
    public String usage() {
        return "status-get [--include-data] [--application]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.APPLICATION, ToolOption.INCLUDE_DATA);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 0);
        boolean includeData = context.args().flag(ToolOption.INCLUDE_DATA);
        boolean smart = context.args().option(ToolOption.FORMAT).map(f -> f.equalsIgnoreCase("smart")).orElse(true);
        if (!context.args().flag(ToolOption.APPLICATION)) {
            StatusInfo unit = context.backend().unitStatus(context.clientId());
            return Optional.of(!includeData && smart ? TextNode.valueOf(unit.status()) : details(unit, includeData));
        }
        StatusInfo.OfApplication app;
        try {
            app = context.backend().applicationStatus(context.clientId());
        } catch (HookToolException e) {
            if (e.code() == ErrorCode.NOT_PERMITTED) {
                throw new HookToolException(ErrorCode.NOT_PERMITTED, "finding application status: this unit is not the leader");
            }
            throw e;
        }
        if (!includeData && smart) {
            return Optional.of(TextNode.valueOf(app.application().status()));
        }
        ObjectNode details = details(app.application(), includeData);
        ObjectNode units = details.putObject("units");
        new TreeMap<>(app.units()).forEach((name, status) -> units.set(name, details(status, includeData)));
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.set("application-status", details);
        return Optional.of(root);
    }

    private static ObjectNode details(StatusInfo info, boolean includeData) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (includeData) {
            node.put("message", info.message());
        }
        node.put("status", info.status());
        if (includeData) {
            node.putObject("status-data");
        }
        return node;
    }
}
