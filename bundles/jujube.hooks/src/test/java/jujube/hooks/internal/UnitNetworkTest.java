package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.List;
import jujube.hooks.tools.NetworkInfo;
import org.junit.jupiter.api.Test;

/** The interface that holds a unit's address, read on the machine itself. */
class UnitNetworkTest {
    @Test
    void an_address_of_this_machine_comes_with_its_interface_and_subnet() throws Exception {
        NetworkInfo info = UnitNetwork.of("127.0.0.1");

        String loopback = NetworkInterface.getByInetAddress(InetAddress.getByName("127.0.0.1")).getName();
        assertEquals(List.of(new NetworkInfo.BindAddress("", loopback,
                List.of(new NetworkInfo.Address("", "127.0.0.1", "127.0.0.0/8")))), info.bindAddresses());
        assertEquals(List.of("127.0.0.1/32"), info.egressSubnets());
        assertEquals(List.of("127.0.0.1"), info.ingressAddresses());
    }

    @Test
    void an_address_no_interface_here_holds_and_a_name_come_alone() {
        for (String address : List.of("192.0.2.77", "blog.example")) {
            assertEquals(List.of(new NetworkInfo.BindAddress("", "", List.of(new NetworkInfo.Address("", address, "")))),
                    UnitNetwork.of(address).bindAddresses(), address);
        }
    }
}
