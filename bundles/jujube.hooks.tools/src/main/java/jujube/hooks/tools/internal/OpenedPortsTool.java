package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;
import jujube.model.Port;

/**
 * {@code opened-ports [--endpoints]}: the unit's open ports, {@code 80/tcp}, one per line (a list in
 * json and yaml), this hook's own changes included. Ports are not opened per endpoint in Jujube: with
 * {@code --endpoints} each is shown open on all of them, {@code 80/tcp (*)}, as Go juju shows such a port.
 */
final class OpenedPortsTool implements HookTool {
    @Override
    public String name() {
        return "opened-ports";
    }

    @Override
    public String usage() {
        return "opened-ports [--endpoints]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.ENDPOINTS);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(0, 0);
        boolean endpoints = context.args().flag(ToolOption.ENDPOINTS);
        ArrayNode ports = JsonNodeFactory.instance.arrayNode();
        for (Port port : context.backend().openedPorts(context.clientId())) {
            ports.add(port + (endpoints ? " (*)" : ""));
        }
        return Optional.of(ports);
    }
}
