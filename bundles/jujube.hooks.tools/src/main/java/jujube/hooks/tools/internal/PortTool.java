package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;
import jujube.model.Port;

/** {@code open-port PORT[/tcp|udp]} and {@code close-port PORT[/tcp|udp]}, with the original's messages. */
final class PortTool implements HookTool {
    private final boolean open;

    PortTool(boolean open) {
        this.open = open;
    }

    @Override
    public String name() {
        return open ? "open-port" : "close-port";
    }

    @Override
    public String usage() {
        return name() + " PORT[/PROTOCOL]";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, 1);
        Port port = parse(context.args().positionals().get(0));
        if (open) {
            context.backend().openPort(context.clientId(), port);
        } else {
            context.backend().closePort(context.clientId(), port);
        }
        return Optional.empty();
    }

    /** Parses {@code 80}, {@code 80/tcp} or {@code 53/UDP}; the protocol defaults to tcp. */
    static Port parse(String text) throws UsageException {
        String[] parts = text.split("/", -1);
        if (parts.length > 2) {
            throw new UsageException("Invalid format for port/protocol, got '" + text + "'");
        }
        int number;
        try {
            number = Integer.parseInt(parts[0]);
        } catch (NumberFormatException e) {
            throw new UsageException("Invalid port, must be an integer, got '" + parts[0] + "'");
        }
        try {
            return new Port(number, parts.length == 2 ? parts[1] : "tcp");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
