package jujube.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;

/**
 * A local environment under a fresh chroot of a shared ZooKeeper, with a connected client that has
 * initialized it. Every client it makes authenticates as the environment's administrator, who may do
 * everything the access policy lets anyone do. Whatever the test hands to {@link #closeLater} (agents, presences, more clients) is
 * closed with it, newest first, so nothing outlives the connection it runs on.
 */
public final class ZooKeeperEnvironment implements AutoCloseable {
    /** The settings of a bootstrapped local environment whose machine 0 is instance local-0. */
    public static final EnvironmentSettings LOCAL = new EnvironmentSettings("test", "local", "local", "local-0");
    // one counter for every server: chroots need only differ within one
    private static final AtomicInteger ENVIRONMENTS = new AtomicInteger();

    private final ConnectionConfig config;
    private final List<AutoCloseable> open = new ArrayList<>();
    private final StateConnection state;

    private ZooKeeperEnvironment(String connectString, String chroot, EnvironmentSettings settings) {
        config = new ConnectionConfig(connectString, Duration.ofSeconds(10), Duration.ofSeconds(5), chroot,
                List.of(Credential.generate(Credential.ADMIN)));
        state = connect();
        state.initialize(settings);
    }

    /** Initializes a new environment under {@code chrootPrefix} followed by a number. */
    public static ZooKeeperEnvironment create(String connectString, String chrootPrefix) {
        return create(connectString, chrootPrefix, LOCAL);
    }

    /** The same, bootstrapped with {@code settings}. */
    public static ZooKeeperEnvironment create(String connectString, String chrootPrefix, EnvironmentSettings settings) {
        return new ZooKeeperEnvironment(connectString, chrootPrefix + ENVIRONMENTS.incrementAndGet(), settings);
    }

    /** The client that initialized the environment. */
    public StateConnection state() {
        return state;
    }

    public String chroot() {
        return config.chroot();
    }

    public String connectString() {
        return config.connectString();
    }

    /** How the environment's clients connect: its ZooKeeper, chroot and administrator credentials. */
    public ConnectionConfig config() {
        return config;
    }

    /** The environment's administrator credential. */
    public Credential admin() {
        return config.credentials().get(0);
    }

    /** Another connected client of the environment, as another process would have; closed with it. */
    public StateConnection connect() {
        return closeLater(newConnection());
    }

    /** Another connected client of the environment that the caller owns and closes. */
    public StateConnection newConnection() {
        StateConnection c = StateConnections.open(config, List.of());
        try {
            c.awaitConnected(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** Closes {@code resource} with the environment, before everything registered earlier. */
    public <T extends AutoCloseable> T closeLater(T resource) {
        open.add(resource);
        return resource;
    }

    @Override
    public void close() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        open.clear();
    }
}
