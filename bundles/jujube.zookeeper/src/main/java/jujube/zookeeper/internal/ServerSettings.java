package jujube.zookeeper.internal;

import java.io.IOException;
import java.util.Properties;
import org.apache.zookeeper.server.SyncRequestProcessor;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.apache.zookeeper.server.auth.ProviderRegistry;

/**
 * What the embedded server allows its clients, chosen so that no client can take from the administrator
 * and the agents what they need: quotas enforced (their limits are the access policy's, set per identity
 * by the administrator), the group rights of the ACLs, connections without a session dropped soon, room
 * for every connection one address legitimately holds, a bound on the large requests in flight at once,
 * and transaction logs rolled often enough that their purge keeps the data directory near the size of
 * the data tree. Several of these are read by ZooKeeper's classes as they load, as JVM system
 * properties: they are set before the server's classes load (the controller runs one server a process).
 */
final class ServerSettings {
    /** The property naming the provider of the scheme {@code jujube} (group rights). */
    static final String AUTH_PROVIDER = "authProvider.jujube";
    static final String GROUP_PROVIDER = "jujube.zookeeper.auth.GroupAuthenticationProvider";
    /**
     * Connections one address may hold: far more than the agents of a host and the administrator's commands
     * open (one each), so that a stranger holding idle connections on that address does not lock them out,
     * while a container machine, which has an address of its own, can exhaust only its own share.
     */
    static final int MAX_CONNECTIONS_PER_ADDRESS = 1000;
    /** A connection that has not asked for a session within this time is closed (ZooKeeper's default: 10 s). */
    static final int SESSIONLESS_TIMEOUT_MS = 3000;
    /** Requests over this size count as large... */
    static final int LARGE_REQUEST_BYTES = 64 * 1024;
    /** ...and those in flight at once may hold this much: a burst of 1 MB writes cannot fill the heap. */
    static final int LARGE_REQUESTS_MAX_BYTES = 32 * 1024 * 1024;
    /** A snapshot is taken (and the log rolled) within this much log (ZooKeeper's default: 4 GiB). */
    static final long SNAPSHOT_EVERY_KB = 16 * 1024;
    /** A new transaction log file is made this large, and grown by as much (ZooKeeper's default: 64 MiB). */
    static final long LOG_BLOCK_KB = 4 * 1024;

    private ServerSettings() {}

    /** Adds the settings to a server's configuration. */
    static void apply(Properties p) {
        p.setProperty(AUTH_PROVIDER, GROUP_PROVIDER);
        p.setProperty("maxClientCnxns", Integer.toString(MAX_CONNECTIONS_PER_ADDRESS));
        // keys the configuration does not know become the system properties "zookeeper.<key>"
        p.setProperty("nio.sessionlessCnxnTimeout", Integer.toString(SESSIONLESS_TIMEOUT_MS));
        p.setProperty("largeRequestThreshold", Integer.toString(LARGE_REQUEST_BYTES));
        p.setProperty("largeRequestMaxBytes", Integer.toString(LARGE_REQUESTS_MAX_BYTES));
        p.setProperty("snapSizeLimitInKb", Long.toString(SNAPSHOT_EVERY_KB));
        p.setProperty("preAllocSize", Long.toString(LOG_BLOCK_KB));
        p.setProperty("enforceQuota", "true");
    }

    /**
     * What ZooKeeper reads once, when its classes load or its provider registry starts: set now, before any
     * server of this JVM reads it.
     */
    static void setEarly() {
        System.setProperty(ZooKeeperServer.ENFORCE_QUOTA, "true");
        System.setProperty("zookeeper.snapSizeLimitInKb", Long.toString(SNAPSHOT_EVERY_KB));
        SyncRequestProcessor.setSnapSizeInBytes(SNAPSHOT_EVERY_KB * 1024);
        System.setProperty(ProviderRegistry.AUTHPROVIDER_PROPERTY_PREFIX + "jujube", GROUP_PROVIDER);
        // a registry that started before (another server of this JVM, a test's) learns of it too
        ProviderRegistry.addOrUpdateProvider(ProviderRegistry.AUTHPROVIDER_PROPERTY_PREFIX + "jujube");
    }

    /** Fails when this JVM's server does not enforce quotas: its classes loaded before it was told to. */
    static void checkEnforced() throws IOException {
        if (!ZooKeeperServer.enforceQuota) {
            throw new IOException("ZooKeeper does not enforce quotas: its classes were loaded in this JVM before "
                    + ZooKeeperServer.ENFORCE_QUOTA + " was set");
        }
        if (ProviderRegistry.getProvider("jujube") == null) {
            throw new IOException("ZooKeeper has no provider of the scheme jujube (" + GROUP_PROVIDER
                    + " is not among its classes): the ACLs' group rights would be refused");
        }
    }
}
