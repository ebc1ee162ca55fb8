package jujube.zookeeper;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A running ZooKeeper server owned by this process. Registered as a service only once the server
 * accepts connections, so that requiring it is the same as waiting for it.
 */
@ProviderType
public interface EmbeddedServer {

    /** The connect string clients use, {@code host:port}. */
    String connectString();

    /** The port the server listens on (the configured one, or the one chosen when 0 was configured). */
    int port();
}
