package jujube.tls;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class WirePolicyTest {
    @Test
    void loopback_and_the_environments_bridge_may_be_plain_anything_else_needs_tls() {
        assertFalse(WirePolicy.requiresTls("127.0.0.1", Optional.empty()));
        assertFalse(WirePolicy.requiresTls("127.0.0.2", Optional.empty()));
        assertFalse(WirePolicy.requiresTls("localhost", Optional.empty()));
        assertFalse(WirePolicy.requiresTls("::1", Optional.empty()));
        assertFalse(WirePolicy.requiresTls("10.64.0.1", Optional.of("10.64.0.1")));
        assertTrue(WirePolicy.requiresTls("10.64.0.1", Optional.empty()));
        assertTrue(WirePolicy.requiresTls("10.64.0.1", Optional.of("10.65.0.1")));
        assertTrue(WirePolicy.requiresTls("0.0.0.0", Optional.empty()), "every address of the host");
        assertTrue(WirePolicy.requiresTls("192.168.1.20", Optional.of("10.64.0.1")));
    }

    @Test
    void an_address_that_does_not_resolve_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> WirePolicy.requiresTls("no-such-host.invalid", Optional.empty()));
        assertThrows(IllegalArgumentException.class, () -> WirePolicy.requiresTls("", Optional.empty()));
    }
}
