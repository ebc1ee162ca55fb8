package jujube.model;

import java.util.Locale;

/**
 * A port, a range of ports or ICMP, as a unit opens or closes it: numbers from 1 to 65535 and a transport,
 * or {@code icmp}, which has no number (0). The hook tools build it from what a charm wrote, so its
 * messages are those a charm author reads.
 *
 * @param number 1 to 65535, the first of the range; 0 for icmp
 * @param to the last of the range, {@code number} for one port; 0 for icmp
 * @param protocol {@code tcp}, {@code udp} or {@code icmp}, in any case; kept in lower case
 */
public record Port(int number, int to, String protocol) implements Comparable<Port> {
    public static final String ICMP = "icmp";

    public Port {
        protocol = protocol.toLowerCase(Locale.ROOT);
        if (protocol.equals(ICMP)) {
            if (number != 0 || to != 0) {
                throw new IllegalArgumentException("icmp takes no port, got " + number);
            }
        } else {
            if (!protocol.equals("tcp") && !protocol.equals("udp")) {
                throw new IllegalArgumentException("Invalid protocol, must be 'tcp' or 'udp', got '" + protocol + "'");
            }
            if (number < 1 || number > 65535) {
                throw new IllegalArgumentException("Invalid port, must be from 1 to 65535, got " + number);
            }
            if (to < number || to > 65535) {
                throw new IllegalArgumentException("Invalid port range " + number + "-" + to
                        + ", must end at or after its start and at most at 65535");
            }
        }
    }

    /** One port. */
    public Port(int number, String protocol) {
        this(number, number, protocol);
    }

    /** ICMP. */
    public static Port icmp() {
        return new Port(0, 0, ICMP);
    }

    /** Whether this is a range of more than one port. */
    public boolean isRange() {
        return to > number;
    }

    /** As charms, Go juju and {@code status} write it: {@code 80/tcp}, {@code 8000-8010/tcp}, {@code icmp}. */
    @Override
    public String toString() {
        if (protocol.equals(ICMP)) {
            return ICMP;
        }
        return (isRange() ? number + "-" + to : Integer.toString(number)) + "/" + protocol;
    }

    /** By protocol, then number, then the range's end. */
    @Override
    public int compareTo(Port o) {
        int c = protocol.compareTo(o.protocol);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(number, o.number);
        return c != 0 ? c : Integer.compare(to, o.to);
    }

    // written out for the reason given in UnitName
    @Override
    public boolean equals(Object o) {
        return o instanceof Port other && number == other.number && to == other.to && protocol.equals(other.protocol);
    }

    @Override
    public int hashCode() {
        return (31 * protocol.hashCode() + number) * 31 + to;
    }
}
