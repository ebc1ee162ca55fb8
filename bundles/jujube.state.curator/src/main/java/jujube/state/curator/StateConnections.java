package jujube.state.curator;

import jujube.access.Credential;
import jujube.state.ConnectionConfig;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;
import jujube.state.TopologyMigration;
import jujube.access.OneTimeCredential;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import jujube.state.curator.internal.CuratorStateConnection;

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
     * opens every jar of the class path, and a current topology needs none.
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
     * Initializes the ZooKeeper client's classes in this thread, for a short-lived process that opens a
     * connection soon and has a core to spare: loading them and binding the logging back-end is work a thread
     * of its own can do beside the process's start-up. The first thread to
     * call this, not the one that later opens the connection, pays for the class initializers.
     */
    public static void warmUp() {
        CuratorStateConnection.warmUp();
    }

    /**
     * Closes {@code connection} for a process that exits next: returns once the session has ended (the
     * server answered its close, so every earlier request of the session is applied and its ephemeral
     * nodes are gone) or the connection is lost, and leaves the rest of the client's shutdown to a daemon
     * thread: ZooKeeper's client pauses after closing its socket, which a command line need not wait for. Waits at most {@code timeout}. A connection this class did not open is simply
     * closed.
     */
    public static void closeBeforeExit(StateConnection connection, java.time.Duration timeout) {
        if (connection instanceof CuratorStateConnection curator) {
            curator.closeBeforeExit(timeout);
        } else {
            connection.close();
        }
    }

    /**
     * Redeems a machine agent's one-time credential: returns the credentials its connection is to use (the
     * machine's own and the environment's), and consumes the credential, which is refused from then on.
     *
     * @param config where ZooKeeper is; its credentials are not used
     * @throws jujube.access.CredentialRefusedException when the credential was used already, revoked or never issued
     * @throws NotConnectedException when ZooKeeper cannot be reached within {@code timeout}
     */
    public static List<Credential> redeem(ConnectionConfig config, OneTimeCredential credential,
            java.time.Duration timeout) {
        return CuratorStateConnection.redeem(config, credential, timeout);
    }

    /** Opens a connection with exactly these topology migrations. */
    public static StateConnection open(ConnectionConfig config, List<TopologyMigration> migrations) {
        List<TopologyMigration> steps = List.copyOf(migrations);
        return new CuratorStateConnection(config, () -> steps);
    }
}
