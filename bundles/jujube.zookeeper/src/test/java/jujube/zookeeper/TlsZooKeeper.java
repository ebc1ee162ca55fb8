package jujube.zookeeper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.tls.EnvironmentTls;
import jujube.zookeeper.internal.ZooKeeperServerRunner;
import jujube.zookeeper.internal.ZooKeeperServerRunner.ServerTls;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded ZooKeeper per test class that speaks only TLS, on 127.0.0.1, with the certificates of a
 * fresh environment authority; registered as
 * {@code @RegisterExtension static final TlsZooKeeper ZK = new TlsZooKeeper();}. Its certificates and
 * data live in a temporary directory, removed after the class. This module's tests jar carries it for
 * the TLS client's tests elsewhere.
 */
public final class TlsZooKeeper implements BeforeAllCallback, AfterAllCallback {
    private Path dir;
    private EnvironmentTls tls;
    private ZooKeeperServerRunner server;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("jujube-tls-zk");
        tls = EnvironmentTls.create(dir.resolve("tls"), List.of("127.0.0.1"));
        server = ZooKeeperServerRunner.start("127.0.0.1", 0, dir.resolve("data"), 500, 30_000,
                Optional.of(new ServerTls(tls.serverKeyStore(), tls.passwordFile(), tls.caCertificate())));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (server != null) {
            server.close();
        }
        if (dir != null) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** The environment's certificates: its authority's signed the server's. */
    public EnvironmentTls tls() {
        return tls;
    }

    public ZooKeeperServerRunner server() {
        return server;
    }
}
