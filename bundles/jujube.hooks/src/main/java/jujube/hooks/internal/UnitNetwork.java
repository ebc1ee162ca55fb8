package jujube.hooks.internal;

import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import jujube.hooks.tools.NetworkInfo;

/**
 * What {@code network-get} tells of a unit reached at one address: the agent runs on the unit's machine,
 * so the interface holding that address is one of its own, and its name, MAC and subnet are read here.
 * A unit reached at an address no local interface holds (a machine behind a NAT) gets the address alone.
 */
final class UnitNetwork {
    /** An IPv4 or IPv6 literal: never a name, whose lookup would ask DNS. */
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

    private UnitNetwork() {
    }

    static NetworkInfo of(String address) {
        return new NetworkInfo(List.of(bindAddress(address)), List.of(address + (address.contains(":") ? "/128" : "/32")),
                List.of(address));
    }

    private static NetworkInfo.BindAddress bindAddress(String address) {
        if (IP_LITERAL.matcher(address).matches()) {
            try {
                InetAddress ip = InetAddress.getByName(address);
                NetworkInterface nic = NetworkInterface.getByInetAddress(ip);
                if (nic != null) {
                    byte[] mac = nic.getHardwareAddress();
                    String cidr = nic.getInterfaceAddresses().stream().filter(a -> a.getAddress().equals(ip))
                            .findFirst().map(a -> subnet(ip, a)).orElse("");
                    return new NetworkInfo.BindAddress(mac == null ? "" : HexFormat.ofDelimiter(":").formatHex(mac),
                            nic.getName(), List.of(new NetworkInfo.Address("", address, cidr)));
                }
            } catch (UnknownHostException | SocketException e) {
                // the address alone, below
            }
        }
        return new NetworkInfo.BindAddress("", "", List.of(new NetworkInfo.Address("", address, "")));
    }

    /** {@code 10.0.3.0/24} for {@code 10.0.3.17} on a /24. */
    static String subnet(InetAddress ip, InterfaceAddress on) {
        byte[] bytes = ip.getAddress();
        int prefix = on.getNetworkPrefixLength();
        for (int bit = prefix; bit < bytes.length * 8; bit++) {
            bytes[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        try {
            return InetAddress.getByAddress(bytes).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            return ""; // cannot happen for a 4- or 16-byte address
        }
    }
}
