package jujube.state.internal;

import org.apache.zookeeper.client.ZKClientConfig;

/**
 * The ZooKeeper client's configuration for a plain TCP connection, which is the only kind Jujube makes.
 * ZooKeeper's own copies its TLS system properties through {@code X509Util}, whose static initializer
 * asks the JDK for its default {@code SSLContext}, loading the trust store: about 115 ms of CPU on a
 * two-core machine, paid by every {@code jujube} command for nothing (bench/cli/RESULTS.md). This one
 * copies the same non-TLS system properties and leaves the TLS ones out; if
 * {@code zookeeper.client.secure} is set it behaves exactly as ZooKeeper's, so TLS still works.
 */
final class PlainClientConfig extends ZKClientConfig {
    /** The system properties ZooKeeper 3.9's configuration copies, except the TLS ones. */
    private static final String[] COPIED = {
        "jute.maxbuffer", "zookeeper.kinit", "sun.security.jgss.native",
        ZK_SASL_CLIENT_USERNAME, ZK_SASL_CLIENT_CANONICALIZE_HOSTNAME, LOGIN_CONTEXT_NAME_KEY,
        ENABLE_CLIENT_SASL_KEY, ZOOKEEPER_SERVER_REALM, DISABLE_AUTO_WATCH_RESET, ZOOKEEPER_CLIENT_CNXN_SOCKET,
        SECURE_CLIENT,
    };

    static boolean secureRequested() {
        return Boolean.parseBoolean(System.getProperty(SECURE_CLIENT));
    }

    @Override
    protected void handleBackwardCompatibility() {
        if (secureRequested()) {
            super.handleBackwardCompatibility();
            return;
        }
        for (String key : COPIED) {
            setProperty(key, System.getProperty(key));
        }
    }
}
