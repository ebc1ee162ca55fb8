package jujube.state;


import java.time.Duration;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A session with the environment's ZooKeeper. In a framework it is a service configured through
 * ConfigAdmin (pid {@code jujube.state.connection}); elsewhere {@code jujube.state.curator.StateConnections.open} makes one.
 */
@ProviderType
public interface StateConnection extends AutoCloseable {

    /** The current connection state. */
    ConnectionState connectionState();

    /**
     * Waits until connected.
     *
     * @throws NotConnectedException when not connected within {@code timeout}
     */
    void awaitConnected(Duration timeout);

    /** Adds a listener called on every later change of the connection state. */
    void addListener(ConnectionStateListener listener);

    void removeListener(ConnectionStateListener listener);

    /** Whether the environment was initialized (its {@code /initialized} node exists). */
    boolean isInitialized();

    /**
     * Waits until the environment is initialized.
     *
     * @throws EnvironmentNotInitializedException when it is not within {@code timeout}
     */
    void awaitInitialized(Duration timeout);

    /**
     * Waits, however long it takes, until connected and the environment initialized: what an agent does
     * before its first read. Each {@code period} spent waiting is reported to {@code stillWaiting} with the
     * reason, so an agent started before its ZooKeeper says why it idles.
     *
     * @return false when the thread was interrupted (it stays interrupted), true once ready
     * @since 1.4
     */
    boolean awaitEnvironment(Duration period, java.util.function.Consumer<String> stillWaiting);

    /**
     * Creates the environment's base hierarchy and machine 0, and {@code /initialized} last, so that a
     * client that sees {@code /initialized} sees everything else too.
     *
     * @throws StateException when the environment was already initialized
     */
    void initialize(EnvironmentSettings settings);

    /** The environment's machines. */
    Machines machines();

    /** The charms published to the environment. */
    Charms charms();

    /** The environment's services. */
    Services services();

    /** The environment's units. */
    Units units();

    /** The environment's relations. */
    Relations relations();

    /**
     * Machines, services with their exposure and charms, relations and units' status, as one read: the
     * topology once and every node after it in a few multi-reads, where asking each part of the API in
     * turn reads the topology again for each. Each node is as it was when its own read ran: this is not
     * one atomic snapshot.
     *
     * @since 1.6
     */
    EnvironmentOverview overview();

    /**
     * Watches what {@link #overview()} reads: delivers a count that grows at every change of the topology
     * or of a machine's, service's or unit's nodes (presence, status, ports, workload, leadership among
     * them). A watcher reads the overview again when called: what waits for a condition of the environment
     * follows it instead of polling. Changes that come while a call runs are merged into one call.
     *
     * @since 7.3
     */
    Watch watchOverview(StateWatcher<Long> watcher);

    /**
     * The request channel of {@code jujube exec}.
     *
     * @since 2.1
     */
    UnitRuns runs();

    /**
     * The actions run on units: operations and their tasks.
     *
     * @since 7.3
     */
    Tasks tasks();

    /**
     * The environment's access control: one-time credentials for new machines, the access policy.
     *
     * @since 3.2
     */
    Access access();

    /** The environment's debug log. */
    DebugLog debugLog();

    /**
     * The agents' own bundles: those published for an upgrade, each agent's target and report.
     *
     * @since 8.1
     */
    AgentBundles agentBundles();

    /**
     * One unit as its agent and hooks see the state: what a unit agent holds instead of this connection.
     *
     * @since 7.0
     */
    UnitHandle unit(jujube.model.UnitName unit);

    /**
     * One machine as its agent and subordinate deployer see the state: what they hold instead of this
     * connection.
     *
     * @since 7.0
     */
    MachineHandle machine(int machineId);

    /**
     * The machines as the provisioner sees them: what it holds instead of this connection.
     *
     * @since 7.0
     */
    ProvisioningView provisioning();

    /**
     * The environment's configuration ({@code /environment}).
     *
     * @since 2.0
     */
    EnvironmentConfig environmentConfig();

    /**
     * Stands as a candidate in the election {@code name} (letters, digits, {@code . _ -}) until the
     * returned leadership is closed.
     */
    Leadership leadership(String name);

    @Override
    void close();
}
