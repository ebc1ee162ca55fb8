package jujube.hooks.tools;

import java.util.Locale;

/**
 * A port a unit opens or closes: a number from 1 to 65535 and a transport.
 *
 * @param protocol {@code tcp} or {@code udp}, lower case
 */
public record Port(int number, String protocol) {
    public Port {
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("Invalid port, must be from 1 to 65535, got " + number);
        }
        protocol = protocol.toLowerCase(Locale.ROOT);
        if (!protocol.equals("tcp") && !protocol.equals("udp")) {
            throw new IllegalArgumentException("Invalid protocol, must be 'tcp' or 'udp', got '" + protocol + "'");
        }
    }

    @Override
    public String toString() {
        return number + "/" + protocol;
    }
}
