package jujube.state.curator.internal;

import java.nio.file.Path;
import jujube.state.ConnectionConfig;
import org.apache.zookeeper.client.ZKClientConfig;

/**
 * The ZooKeeper client's configuration. ZooKeeper's own copies its TLS system properties through
 * {@code X509Util}, whose static initializer asks the JDK for its default {@code SSLContext}, loading the
 * trust store, which a plain connection never uses. This one copies the same non-TLS system properties and leaves the TLS ones out;
 * if {@code zookeeper.client.secure} is set it behaves exactly as ZooKeeper's. A connection configured
 * for TLS ({@link #of}) gets its TLS settings here, never from system properties: in a controller, the
 * embedded server's settings are system properties of the same JVM.
 */
final class PlainClientConfig extends ZKClientConfig {
    /** The system properties ZooKeeper 3.9's configuration copies, except the TLS ones. */
    private static final String[] COPIED = {
        "jute.maxbuffer", "zookeeper.kinit", "sun.security.jgss.native",
        ZK_SASL_CLIENT_USERNAME, ZK_SASL_CLIENT_CANONICALIZE_HOSTNAME, LOGIN_CONTEXT_NAME_KEY,
        ENABLE_CLIENT_SASL_KEY, ZOOKEEPER_SERVER_REALM, DISABLE_AUTO_WATCH_RESET, ZOOKEEPER_CLIENT_CNXN_SOCKET,
        SECURE_CLIENT,
    };

    /** The client configuration of {@code connection}: TLS when it names an authority, else plain. */
    static PlainClientConfig of(ConnectionConfig connection) {
        PlainClientConfig config = new PlainClientConfig();
        connection.tlsCaCertificate().ifPresent(ca -> config.secure(ca));
        return config;
    }

    /** TLS through Netty (ZooKeeper's only TLS transport), trusting only the authority in {@code ca}. */
    private void secure(Path ca) {
        setProperty(SECURE_CLIENT, "true");
        setProperty(ZOOKEEPER_CLIENT_CNXN_SOCKET, "org.apache.zookeeper.ClientCnxnSocketNetty");
        setProperty("zookeeper.ssl.trustStore.location", ca.toString());
        setProperty("zookeeper.ssl.trustStore.type", "PEM");
        // The authority is the environment's own and signs one server certificate, so trusting it alone
        // pins that certificate: a name check adds nothing, and would depend on what the client's
        // resolver calls the server's address (ZooKeeper checks the name its host lookup gives, which
        // /etc/hosts may map to any name), not on the address itself.
        setProperty("zookeeper.ssl.hostnameVerification", "false");
    }

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
