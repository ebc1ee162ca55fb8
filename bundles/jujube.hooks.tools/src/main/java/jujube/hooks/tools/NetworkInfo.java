package jujube.hooks.tools;

import java.util.List;
import java.util.Objects;

/**
 * What {@code network-get} tells of a unit's network for one binding, in Go juju's shape: the addresses
 * the unit binds to (by interface), the subnets its traffic leaves from, and the addresses it is reached
 * at.
 *
 * @since 3.1
 */
public record NetworkInfo(List<BindAddress> bindAddresses, List<String> egressSubnets, List<String> ingressAddresses) {
    public NetworkInfo {
        bindAddresses = List.copyOf(bindAddresses);
        egressSubnets = List.copyOf(egressSubnets);
        ingressAddresses = List.copyOf(ingressAddresses);
    }

    /** The addresses of one interface; its name and MAC are empty when the agent cannot see it. */
    public record BindAddress(String macAddress, String interfaceName, List<Address> addresses) {
        public BindAddress {
            Objects.requireNonNull(macAddress, "macAddress");
            Objects.requireNonNull(interfaceName, "interfaceName");
            addresses = List.copyOf(addresses);
        }
    }

    /**
     * One address of an interface.
     *
     * @param cidr its subnet, {@code 10.0.3.0/24}; empty when unknown
     */
    public record Address(String hostname, String value, String cidr) {
        public Address {
            Objects.requireNonNull(hostname, "hostname");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(cidr, "cidr");
        }
    }
}
