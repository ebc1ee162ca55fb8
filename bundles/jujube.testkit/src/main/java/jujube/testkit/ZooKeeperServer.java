package jujube.testkit;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One in-process ZooKeeper per test class, registered as
 * {@code @RegisterExtension static final ZooKeeperServer ZK = new ZooKeeperServer();}: a server start
 * costs far more than a test, so tests share it and stay apart through a {@link ZooKeeperEnvironment}
 * (a fresh chroot) each.
 */
public final class ZooKeeperServer implements BeforeAllCallback, AfterAllCallback {
    private TestingServer server;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = new TestingServer(true);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        server.close();
    }

    public String connectString() {
        return server.getConnectString();
    }

    /** A new initialized environment under its own chroot on this server; the caller closes it. */
    public ZooKeeperEnvironment newEnvironment(String chrootPrefix) {
        return ZooKeeperEnvironment.create(connectString(), chrootPrefix);
    }

    /** A new environment bootstrapped with {@code settings} (its placement, for one). */
    public ZooKeeperEnvironment newEnvironment(String chrootPrefix, jujube.state.EnvironmentSettings settings) {
        return ZooKeeperEnvironment.create(connectString(), chrootPrefix, settings);
    }
}
