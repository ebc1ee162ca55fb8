package jujube.zookeeper.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.apache.zookeeper.server.embedded.ExitHandler;
import org.apache.zookeeper.server.embedded.ZooKeeperServerEmbedded;

/**
 * Starts and stops one standalone ZooKeeper server, which serves only clients authenticated by
 * ZooKeeper's digest scheme. Free of OSGi so that tests and the launcher can use it directly. With TLS it
 * serves TLS only (through Netty, ZooKeeper's only TLS transport): no plain port is opened at all.
 */
public final class ZooKeeperServerRunner implements AutoCloseable {
    private final ZooKeeperServerEmbedded server;
    private final String host;
    private final int port;
    private final Set<String> propertiesSet;
    private final DataPurge purge;

    /** How often old snapshots and logs are purged when the caller does not say. */
    public static final Duration PURGE_INTERVAL = Duration.ofSeconds(10);

    private ZooKeeperServerRunner(ZooKeeperServerEmbedded server, String host, int port, Set<String> propertiesSet,
            DataPurge purge) {
        this.server = server;
        this.purge = purge;
        this.propertiesSet = propertiesSet;
        this.host = host;
        this.port = port;
    }

    /**
     * The server's TLS: its key store (PKCS#12, the key and the certificate chain it presents), the file
     * holding that store's password, and the authority's certificate (PEM). Clients need no certificate
     * of their own: they authenticate inside the encrypted session, by ZooKeeper's own mechanisms.
     */
    public record ServerTls(Path keyStore, Path keyStorePasswordFile, Path caCertificate) {}

    /** Starts a plain server; see {@link #start(String, int, Path, int, long, Optional)}. */
    public static ZooKeeperServerRunner start(String host, int port, Path dataDir, int tickTime, long timeoutMs)
            throws IOException {
        return start(host, port, dataDir, tickTime, timeoutMs, Optional.empty());
    }

    /**
     * Starts a server, serving TLS only when {@code tls} is given. A {@code port} of 0 picks a free one.
     * Fails with an {@link IOException} naming the port and directory when the server does not come up
     * in time.
     */
    public static ZooKeeperServerRunner start(String host, int port, Path dataDir, int tickTime, long timeoutMs,
            Optional<ServerTls> tls) throws IOException {
        return start(host, port, dataDir, tickTime, timeoutMs, tls, PURGE_INTERVAL);
    }

    /**
     * Starts a server as {@link #start(String, int, Path, int, long, Optional)} does, purging its old snapshots
     * and logs every {@code purgeInterval}.
     */
    public static ZooKeeperServerRunner start(String host, int port, Path dataDir, int tickTime, long timeoutMs,
            Optional<ServerTls> tls, Duration purgeInterval) throws IOException {
        int chosen = port == 0 ? freePort(host) : port;
        Files.createDirectories(dataDir);
        Properties p = new Properties();
        if (tls.isPresent()) {
            for (Path file : List.of(tls.get().keyStore(), tls.get().keyStorePasswordFile(), tls.get().caCertificate())) {
                if (!Files.isReadable(file)) {
                    throw new IOException("ZooKeeper's TLS file " + file + " is missing or unreadable");
                }
            }
            p.setProperty("secureClientPort", Integer.toString(chosen));
            p.setProperty("secureClientPortAddress", host);
            // keys the configuration does not know become system properties "zookeeper.<key>", which is
            // where ZooKeeper reads its connection factory and its TLS settings from
            p.setProperty("serverCnxnFactory", "org.apache.zookeeper.server.NettyServerCnxnFactory");
            p.setProperty("ssl.keyStore.location", tls.get().keyStore().toString());
            p.setProperty("ssl.keyStore.type", "PKCS12");
            p.setProperty("ssl.keyStore.passwordPath", tls.get().keyStorePasswordFile().toString());
            // the trust store matters only for client certificates, which are not asked for; named so that
            // ZooKeeper's X.509 provider has one
            p.setProperty("ssl.trustStore.location", tls.get().caCertificate().toString());
            p.setProperty("ssl.trustStore.type", "PEM");
            p.setProperty("ssl.clientAuth", "none");
        } else {
            p.setProperty("clientPort", Integer.toString(chosen));
            p.setProperty("clientPortAddress", host);
        }
        p.setProperty("tickTime", Integer.toString(tickTime));
        p.setProperty("admin.enableServer", "false");
        p.setProperty("4lw.commands.whitelist", "ruok,srvr,stat");
        // a session that has not authenticated (digest, as every Jujube client does) is closed at its first
        // request; what an authenticated one may do, the nodes' ACLs say. (ZooKeeper makes both settings the
        // JVM's system properties: one server per process, as the controller runs.)
        p.setProperty("enforce.auth.enabled", "true");
        p.setProperty("enforce.auth.schemes", "digest");
        // a short session floor lets agents notice a dead peer quickly on one host
        p.setProperty("minSessionTimeout", Integer.toString(tickTime * 2));
        p.setProperty("maxSessionTimeout", Integer.toString(Math.max(tickTime * 20, 60_000)));
        ServerSettings.apply(p);
        Set<String> before = System.getProperties().stringPropertyNames();
        // read by ZooKeeper's classes when they load, before the configuration is: set here as well
        ServerSettings.setEarly();
        // ZooKeeper loads its metrics provider through the context class loader; inside a framework
        // that must be the loader that holds ZooKeeper, and the server's threads inherit it
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(ZooKeeperServerEmbedded.class.getClassLoader());
        try {
            ZooKeeperServerEmbedded server = ZooKeeperServerEmbedded.builder()
                    .baseDir(dataDir)
                    .configuration(p)
                    .exitHandler(ExitHandler.LOG_ONLY)
                    .build();
            server.start(timeoutMs);
            try {
                ServerSettings.checkEnforced();
            } catch (IOException e) {
                server.close();
                throw e;
            }
            Set<String> set = new HashSet<>(System.getProperties().stringPropertyNames());
            set.removeAll(before);
            // ZooKeeperServerEmbedded keeps its snapshots and logs in <base>/data
            return new ZooKeeperServerRunner(server, host, chosen, set, new DataPurge(dataDir.resolve("data"), purgeInterval));
        } catch (Exception e) {
            throw new IOException("ZooKeeper did not start on " + host + ":" + chosen + " with data in "
                    + dataDir + ": " + e.getMessage(), e);
        } finally {
            current.setContextClassLoader(previous);
        }
    }

    static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(host, 0));
            return s.getLocalPort();
        }
    }

    public String connectString() {
        return host + ":" + port;
    }

    public int port() {
        return port;
    }

    /** Purges old snapshots and logs now, as the schedule would. */
    public void purge() {
        purge.purge();
    }

    @Override
    public void close() {
        purge.close();
        server.close();
        // the system properties the server's configuration became: a later server or client in this JVM
        // (a test's) must not inherit this one's authentication or TLS settings
        propertiesSet.forEach(System::clearProperty);
    }
}
