package jujube.state;

/**
 * A port a unit opened.
 *
 * @param number 1 to 65535
 * @param protocol {@code tcp} or {@code udp}
 */
public record Port(int number, String protocol) {
    public Port {
        if (number < 1 || number > 65535) {
            throw new IllegalArgumentException("port " + number + " is outside 1-65535");
        }
        if (!"tcp".equals(protocol) && !"udp".equals(protocol)) {
            throw new IllegalArgumentException("protocol must be tcp or udp, got '" + protocol + "'");
        }
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
