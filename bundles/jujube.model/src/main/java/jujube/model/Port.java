package jujube.model;

import java.util.Locale;

/**
 * A port a unit opens or closes: a number from 1 to 65535 and a transport. The hook tools build it from
 * what a charm wrote, so its messages are those a charm author reads.
 *
 * @param number 1 to 65535
 * @param protocol {@code tcp} or {@code udp}, in any case; kept in lower case
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

    /** The port as charms and {@code status} write it: {@code 80/tcp}. */
    @Override
    public String toString() {
        return number + "/" + protocol;
    }

    // written out for the reason given in UnitName
    @Override
    public boolean equals(Object o) {
        return o instanceof Port other && number == other.number && protocol.equals(other.protocol);
    }

    @Override
    public int hashCode() {
        return 31 * protocol.hashCode() + number;
    }
}
