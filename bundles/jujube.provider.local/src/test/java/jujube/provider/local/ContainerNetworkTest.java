package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.NetworkInterface;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContainerNetworkTest {
    private final ContainerNetwork network = ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16");

    @Test
    void machines_follow_the_host_address_in_id_order() {
        assertEquals("10.77.0.1", network.hostAddress());
        assertEquals("10.77.0.2", network.machineAddress(0));
        assertEquals("10.77.1.0", network.machineAddress(254));
        assertEquals("10.77.0.0/16", network.cidr());
    }

    @Test
    void a_machine_past_the_network_has_no_address() {
        ContainerNetwork small = ContainerNetwork.of("jujube-0a1b2c", "10.77.3.0/24");
        assertEquals("10.77.3.254", small.machineAddress(252));
        assertThrows(IllegalArgumentException.class, () -> small.machineAddress(253)); // the broadcast address
        assertThrows(IllegalArgumentException.class, () -> small.machineAddress(-1));
    }

    @Test
    void veths_are_named_after_the_bridge_and_fit_an_interface_name() {
        assertEquals("jj0a1b2c-3", network.veth(3));
        assertTrue(network.veth(999_999).length() <= 15);
        assertThrows(IllegalArgumentException.class, () -> network.veth(1_000_000));
    }

    @Test
    void bad_names_and_networks_are_refused_with_what_is_wrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ContainerNetwork.of("br0", "10.77.0.0/16"))
                .getMessage().contains("'br0'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ContainerNetwork.of("jujube-0a1b2c", "10.77.0.1/16"))
                .getMessage().contains("not a network address"));
        assertThrows(IllegalArgumentException.class, () -> ContainerNetwork.of("jujube-0a1b2c", "10.777.0.0/16"));
        assertThrows(IllegalArgumentException.class, () -> ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/30"));
        assertThrows(IllegalArgumentException.class, () -> ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0"));
    }

    @Test
    void a_chosen_network_is_named_after_the_directory_and_overlaps_none_of_this_hosts_addresses() throws Exception {
        ContainerNetwork a = ContainerNetwork.choose(Path.of("/srv/envs/a"));
        assertEquals(a, ContainerNetwork.choose(Path.of("/srv/envs/a")));
        assertNotEquals(a.bridge(), ContainerNetwork.choose(Path.of("/srv/envs/b")).bridge());
        assertEquals(16, a.prefix());
        List<String> hostAddresses = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .flatMap(n -> n.getInterfaceAddresses().stream())
                .map(i -> i.getAddress().getHostAddress()).toList();
        String prefix = a.hostAddress().substring(0, a.hostAddress().indexOf('.', 3) + 1);
        assertTrue(hostAddresses.stream().noneMatch(h -> h.startsWith(prefix)), () -> prefix + " in " + hostAddresses);
    }
}
