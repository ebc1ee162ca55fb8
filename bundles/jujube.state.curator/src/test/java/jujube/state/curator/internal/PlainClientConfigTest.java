package jujube.state.curator.internal;

import jujube.state.curator.internal.PlainClientConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.zookeeper.client.ZKClientConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The plain client configuration keeps honouring the client's non-TLS system properties. */
class PlainClientConfigTest {
    @AfterEach
    void clear() {
        System.clearProperty(ZKClientConfig.ZK_SASL_CLIENT_USERNAME);
        System.clearProperty(ZKClientConfig.ZOOKEEPER_SERVER_REALM);
    }

    @Test
    void copies_the_clients_system_properties_as_zoo_keepers_own_does() {
        System.setProperty(ZKClientConfig.ZK_SASL_CLIENT_USERNAME, "jujube-test");
        System.setProperty(ZKClientConfig.ZOOKEEPER_SERVER_REALM, "EXAMPLE.ORG");

        PlainClientConfig plain = new PlainClientConfig();
        ZKClientConfig zookeepers = new ZKClientConfig();

        for (String key : new String[] {ZKClientConfig.ZK_SASL_CLIENT_USERNAME, ZKClientConfig.ZOOKEEPER_SERVER_REALM,
                ZKClientConfig.ENABLE_CLIENT_SASL_KEY, ZKClientConfig.SECURE_CLIENT, "jute.maxbuffer"}) {
            assertEquals(zookeepers.getProperty(key), plain.getProperty(key), key);
        }
        assertEquals("jujube-test", plain.getProperty(ZKClientConfig.ZK_SASL_CLIENT_USERNAME));
        assertEquals("EXAMPLE.ORG", plain.getProperty(ZKClientConfig.ZOOKEEPER_SERVER_REALM));
    }
}
