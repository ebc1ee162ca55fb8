package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;
import jujube.model.Port;

/**
 * {@code open-port PORT[/tcp|udp]} and {@code close-port PORT[/tcp|udp]}, with the original's messages, and
 * Go juju 3's ranges ({@code 8000-8010/tcp}) and {@code icmp}.
 */
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
        return name() + " PORT[-PORT][/PROTOCOL]|icmp";
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

    /**
     * Parses {@code 80}, {@code 80/tcp}, {@code 53/UDP}, {@code 8000-8010/tcp} or {@code icmp}; the protocol
     * defaults to tcp.
     */
    static Port parse(String text) throws UsageException {
        if (text.equalsIgnoreCase(Port.ICMP)) {
            return Port.icmp();
        }
        String[] parts = text.split("/", -1);
        if (parts.length > 2) {
            throw new UsageException("Invalid format for port/protocol, got '" + text + "'");
        }
        String spec = parts[0];
        int dash = spec.indexOf('-', 1); // not a sign: -1 is a port out of range, not a range
        if (dash > 0 && spec.indexOf('-', dash + 1) >= 0) {
            throw new UsageException("Invalid port range, got '" + spec + "'");
        }
        int number = integer(dash > 0 ? spec.substring(0, dash) : spec);
        int to = dash > 0 ? integer(spec.substring(dash + 1)) : number;
        try {
            return new Port(number, to, parts.length == 2 ? parts[1] : "tcp");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static int integer(String text) throws UsageException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new UsageException("Invalid port, must be an integer, got '" + text + "'");
        }
    }
}
