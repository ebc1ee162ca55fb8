package jujube.tls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * When ZooKeeper may serve its clients in the clear: only on loopback, or on the address the host has on
 * the environment's own bridge (which only the environment's containers reach). Anywhere else its port
 * can be reached from other hosts, and what crosses the wire (every setting, the agents' credentials)
 * must be encrypted: ZooKeeper then serves TLS only.
 */
public final class WirePolicy {
    private WirePolicy() {
    }

    /**
     * Whether ZooKeeper listening on {@code address} must use TLS.
     *
     * @param address the address ZooKeeper listens on, as an IP address or a host name
     * @param bridgeAddress the host's address on the environment's bridge, when its machines are containers
     * @throws IllegalArgumentException when {@code address} is not an address this host can resolve
     */
    public static boolean requiresTls(String address, Optional<String> bridgeAddress) {
        InetAddress listen = resolve(address);
        if (listen.isLoopbackAddress()) {
            return false;
        }
        return bridgeAddress.map(WirePolicy::resolve).map(b -> !b.equals(listen)).orElse(true);
    }

    private static InetAddress resolve(String address) {
        if (address == null || address.isBlank()) {
            throw new IllegalArgumentException("no address given");
        }
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + address + "' is not an address this host can resolve");
        }
    }
}
