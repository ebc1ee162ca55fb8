package jujube.state;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import jujube.state.internal.CuratorStateConnection;

/** Opens connections outside a framework: the command line and tests. */
public final class StateConnections {
    private StateConnections() {}

    /**
     * Opens a connection; it connects in the background ({@link StateConnection#awaitConnected}). The
     * topology migrations are those listed in {@code META-INF/services/jujube.state.TopologyMigration}
     * on the class path (the {@code jujube.state.migration} jar lists its steps there).
     */
    public static StateConnection open(ConnectionConfig config) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return new CuratorStateConnection(config,
                new ClassPathMigrations(loader != null ? loader : StateConnections.class.getClassLoader()));
    }

    /**
     * The migration steps on the class path, looked up when a topology first needs migrating: the look-up
     * opens every jar of the class path (a command line's 20: 30 ms), and a current topology needs none.
     */
    private static final class ClassPathMigrations implements Supplier<List<TopologyMigration>> {
        private final ClassLoader loader;
        private List<TopologyMigration> found;

        ClassPathMigrations(ClassLoader loader) {
            this.loader = loader;
        }

        @Override
        public synchronized List<TopologyMigration> get() {
            if (found == null) {
                List<TopologyMigration> steps = new ArrayList<>();
                ServiceLoader.load(TopologyMigration.class, loader).forEach(steps::add);
                found = List.copyOf(steps);
            }
            return found;
        }
    }

    /**
     * Starts initializing the ZooKeeper client on a daemon thread, for a short-lived process that opens a
     * connection soon: loading its classes and binding the logging back-end (tens of milliseconds) then
     * run beside the process's own start-up on another core.
     *
     * @since 1.5
     */
    public static void prepare() {
        // the thread, not this one, must be the first to touch CuratorStateConnection: its initializer
        // (the logging back-end's binding scans every jar) then runs there too
        Thread thread = new Thread(new WarmUp(), "jujube-state-prepare");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * A class rather than a method reference: linking the first lambda of a JVM (its invokedynamic
     * bootstrap) costs about 9 ms, which the main thread would pay right here.
     */
    private static final class WarmUp implements Runnable {
        @Override
        public void run() {
            CuratorStateConnection.warmUp();
        }
    }

    /**
     * Redeems a machine agent's one-time credential: returns the credentials its connection is to use (the
     * machine's own and the environment's), and consumes the credential, which is refused from then on.
     *
     * @param config where ZooKeeper is; its credentials are not used
     * @throws CredentialRefusedException when the credential was used already, revoked or never issued
     * @throws NotConnectedException when ZooKeeper cannot be reached within {@code timeout}
     * @since 3.2
     */
    public static List<Credential> redeem(ConnectionConfig config, OneTimeCredential credential,
            java.time.Duration timeout) {
        return jujube.state.internal.CuratorStateConnection.redeem(config, credential, timeout);
    }

    /** Opens a connection with exactly these topology migrations. */
    public static StateConnection open(ConnectionConfig config, List<TopologyMigration> migrations) {
        List<TopologyMigration> steps = List.copyOf(migrations);
        return new CuratorStateConnection(config, () -> steps);
    }
}
