package jujube.provider.local;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The network of an environment whose machines are containers: a bridge of the host, named after the
 * environment, holding the first address of an IPv4 network; machine {@code N} gets the address
 * {@code N + 2} places into it, on a veth pair whose host end is named after the bridge and the machine.
 * The addresses follow from the machine ids, so a machine restarted from its data keeps its address
 * and nothing has to be allocated or remembered beyond the network itself.
 *
 * @param bridge the bridge's name, {@code jujube-} and six hex digits (an interface name has at most 15
 *     characters, and the veths' names derive from it)
 * @param network the network address, as a 32-bit integer
 * @param prefix the network's prefix length, 8 to 24
 */
public record ContainerNetwork(String bridge, int network, int prefix) {
    private static final Pattern BRIDGE = Pattern.compile("jujube-([0-9a-f]{6})");
    private static final Pattern CIDR = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})/(\\d{1,2})");
    /** The second octets tried for a new environment's {@code 10.X.0.0/16}. */
    private static final int FIRST_OCTET = 64;
    private static final int LAST_OCTET = 254;

    public ContainerNetwork {
        if (bridge == null || !BRIDGE.matcher(bridge).matches()) {
            throw new IllegalArgumentException("a container bridge is named jujube-<6 hex digits>, got '" + bridge + "'");
        }
        if (prefix < 8 || prefix > 24) {
            throw new IllegalArgumentException("a container network's prefix is 8 to 24 bits, got /" + prefix);
        }
        if ((network & ~mask(prefix)) != 0) {
            throw new IllegalArgumentException(dotted(network) + "/" + prefix + " is not a network address");
        }
    }

    /** Parses {@code bridge} and a network in CIDR form ({@code 10.64.0.0/16}). */
    public static ContainerNetwork of(String bridge, String cidr) {
        Matcher m = CIDR.matcher(cidr == null ? "" : cidr);
        if (!m.matches()) {
            throw new IllegalArgumentException("a container network is written a.b.c.d/prefix, got '" + cidr + "'");
        }
        int address = 0;
        for (int i = 1; i <= 4; i++) {
            int octet = Integer.parseInt(m.group(i));
            if (octet > 255) {
                throw new IllegalArgumentException("'" + cidr + "' is not an IPv4 network");
            }
            address = address << 8 | octet;
        }
        return new ContainerNetwork(bridge, address, Integer.parseInt(m.group(5)));
    }

    /**
     * A network for a new environment in {@code envDir}: {@code 10.X.0.0/16}, the first X from a place
     * that depends on the directory whose network overlaps no address or route of this host (other
     * environments' bridges included).
     */
    public static ContainerNetwork choose(Path envDir) {
        String hash = hash(envDir);
        List<int[]> taken = takenNetworks();
        int span = LAST_OCTET - FIRST_OCTET + 1;
        int start = Integer.parseInt(hash.substring(0, 4), 16) % span;
        for (int i = 0; i < span; i++) {
            int network = 10 << 24 | (FIRST_OCTET + (start + i) % span) << 16;
            if (taken.stream().noneMatch(t -> overlaps(t[0], t[1], network, 16))) {
                return new ContainerNetwork("jujube-" + hash, network, 16);
            }
        }
        throw new IllegalStateException("no free network 10.X.0.0/16 (X " + FIRST_OCTET + " to " + LAST_OCTET
                + ") on this host for the environment's containers");
    }

    /** The network in CIDR form. */
    public String cidr() {
        return dotted(network) + "/" + prefix;
    }

    /** The host's address on the bridge: where the machines reach the controller. */
    public String hostAddress() {
        return dotted(network + 1);
    }

    /** The address of machine {@code machineId}. */
    public String machineAddress(int machineId) {
        long offset = 2L + machineId;
        if (machineId < 0 || offset >= (1L << (32 - prefix)) - 1) {
            throw new IllegalArgumentException("machine " + machineId + " has no address in " + cidr());
        }
        return dotted(network + (int) offset);
    }

    /** The host end of machine {@code machineId}'s veth pair. */
    public String veth(int machineId) {
        if (machineId < 0 || machineId > 999_999) {
            throw new IllegalArgumentException("machine " + machineId + " has no veth name");
        }
        return "jj" + bridge.substring("jujube-".length()) + "-" + machineId;
    }

    private static int mask(int prefix) {
        return prefix == 0 ? 0 : -1 << (32 - prefix);
    }

    private static boolean overlaps(int a, int aPrefix, int b, int bPrefix) {
        int m = mask(Math.min(aPrefix, bPrefix));
        return (a & m) == (b & m);
    }

    static String dotted(int address) {
        return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "." + (address & 255);
    }

    static String hash(Path envDir) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(envDir.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every IPv4 network this host has an address in or a route to, as {network, prefix}. */
    private static List<int[]> takenNetworks() {
        List<int[]> taken = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                nic.getInterfaceAddresses().forEach(a -> {
                    InetAddress address = a.getAddress();
                    if (address instanceof Inet4Address v4 && !address.isLoopbackAddress()) {
                        int bits = Math.max(a.getNetworkPrefixLength(), 8);
                        taken.add(new int[] {toInt(v4) & mask(bits), bits});
                    }
                });
            }
        } catch (SocketException e) {
            // the routes below still tell the most
        }
        try {
            // /proc/net/route: destination and mask in hex, in the host's (little-endian) byte order
            for (String line : Files.readAllLines(Path.of("/proc/net/route"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 8 && f[1].matches("[0-9A-Fa-f]{8}") && f[7].matches("[0-9A-Fa-f]{8}")) {
                    int destination = Integer.reverseBytes(Integer.parseUnsignedInt(f[1], 16));
                    int bits = Integer.bitCount(Integer.parseUnsignedInt(f[7], 16));
                    if (bits > 0) { // the default route covers everything and says nothing about 10/8
                        taken.add(new int[] {destination, bits});
                    }
                }
            }
        } catch (IOException e) {
            // no routing table to read: addresses only
        }
        return taken;
    }

    private static int toInt(Inet4Address address) {
        byte[] b = address.getAddress();
        return (b[0] & 255) << 24 | (b[1] & 255) << 16 | (b[2] & 255) << 8 | (b[3] & 255);
    }
}
