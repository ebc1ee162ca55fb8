package jujube.state.curator.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.lib.threads.Threads;
import jujube.state.Access;
import jujube.state.ConnectionConfig;
import jujube.state.ConnectionState;
import jujube.state.ConnectionStateListener;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.access.CredentialRefusedException;
import jujube.state.EnvironmentSettings;
import jujube.state.Charms;
import jujube.state.Machines;
import jujube.state.NotConnectedException;
import jujube.access.OneTimeCredential;
import jujube.state.Relations;
import jujube.state.Services;
import jujube.state.curator.StateConnections;
import jujube.model.StateException;
import jujube.state.TopologyMigration;
import jujube.state.Units;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection as a service, configured through ConfigAdmin. It calls every
 * {@link ConnectionStateListener} service on each change of the connection state (whiteboard), and
 * tells a newly arriving listener the current state at once.
 *
 * <p>It authenticates with the credentials in its {@code credentialsFile}. A machine agent's first start
 * has none yet, only a one-time credential its provider wrote: a thread of this component redeems it
 * (waiting for ZooKeeper as long as it takes), writes the credentials file, removes the one-time file and
 * then connects. Until then the service is there but not connected: {@link #awaitConnected} says why.
 */
@Component(configurationPid = "jujube.state.connection", configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = StateConnection.class)
@Designate(ocd = ConnectionComponentConfig.class)
public final class StateConnectionComponent implements StateConnection {
    private static final Logger LOG = LoggerFactory.getLogger(StateConnectionComponent.class);
    private static final Duration REDEEM_RETRY = Duration.ofSeconds(2);
    private final List<ConnectionStateListener> whiteboard = new CopyOnWriteArrayList<>();
    private final List<TopologyMigration> migrations = new CopyOnWriteArrayList<>();
    private final List<ConnectionStateListener> early = new CopyOnWriteArrayList<>();
    private final CountDownLatch connected = new CountDownLatch(1);
    private volatile CuratorStateConnection connection;
    private volatile String waitingFor;
    private volatile boolean closed;
    private Thread redeemer;

    @Activate
    public StateConnectionComponent(ConnectionComponentConfig config) {
        ConnectionConfig plain = new ConnectionConfig(config.connectString(),
                Duration.ofMillis(config.sessionTimeoutMs()), Duration.ofMillis(config.connectionTimeoutMs()),
                config.chroot());
        ConnectionConfig where = config.tlsCaCertificate().isBlank() ? plain
                : plain.withTls(Path.of(config.tlsCaCertificate()));
        if (config.credentialsFile().isBlank()) {
            LOG.warn("no credentials configured: this connection can do nothing in an environment under its access policy");
            connect(where, config);
            return;
        }
        Path credentials = Path.of(config.credentialsFile());
        if (Files.exists(credentials) || config.oneTimeCredentialFile().isBlank()) {
            connect(where.withCredentials(read(credentials)), config);
            return;
        }
        Path oneTime = Path.of(config.oneTimeCredentialFile());
        if (!Files.exists(oneTime)) {
            throw new StateException("no credentials: neither " + credentials + " nor a one-time credential "
                    + oneTime + " exists");
        }
        waitingFor = "redeeming the one-time credential " + oneTime;
        redeemer = Threads.startDaemon("jujube-state-redeem", () -> redeem(where, oneTime, credentials, config));
    }

    private static List<Credential> read(Path file) {
        try {
            return CredentialFiles.read(file);
        } catch (IOException e) {
            throw new StateException("cannot read the credentials: " + e.getMessage(), e);
        }
    }

    private void redeem(ConnectionConfig where, Path oneTimeFile, Path credentialsFile, ConnectionComponentConfig config) {
        while (!closed) {
            try {
                OneTimeCredential oneTime = CredentialFiles.readOneTime(oneTimeFile);
                List<Credential> credentials = StateConnections.redeem(where, oneTime, where.connectionTimeout());
                CredentialFiles.write(credentialsFile, credentials);
                Files.delete(oneTimeFile);
                LOG.info("one-time credential {} redeemed: this agent is {}", oneTime.node(), credentials.get(0).principal());
                if (!closed) {
                    connect(where.withCredentials(credentials), config);
                }
                return;
            } catch (NotConnectedException e) {
                waitingFor = "redeeming the one-time credential " + oneTimeFile + ": " + e.getMessage();
            } catch (CredentialRefusedException e) {
                // for good: the provisioning agent launches the machine again, with a new one, after its timeout
                waitingFor = e.getMessage();
                LOG.error("this agent cannot authenticate: {}", e.getMessage());
                return;
            } catch (IOException | StateException e) {
                waitingFor = "redeeming the one-time credential " + oneTimeFile + ": " + e.getMessage();
                LOG.warn("{}; trying again", waitingFor);
            }
            try {
                Thread.sleep(REDEEM_RETRY.toMillis());
            } catch (InterruptedException e) {
                return; // deactivated
            }
        }
    }

    private synchronized void connect(ConnectionConfig where, ConnectionComponentConfig config) {
        if (closed) {
            return;
        }
        CuratorStateConnection c = new CuratorStateConnection(where, () -> List.copyOf(migrations),
                Duration.ofMillis(config.presenceGraceMs()));
        c.addListener(state -> whiteboard.forEach(l -> l.connectionStateChanged(state)));
        early.forEach(c::addListener);
        connection = c;
        waitingFor = null;
        connected.countDown();
        ConnectionState now = c.connectionState();
        if (now.isConnected()) {
            whiteboard.forEach(l -> l.connectionStateChanged(now));
        }
    }

    /** The connection, once this process has its credentials. */
    private CuratorStateConnection connection() {
        CuratorStateConnection c = connection;
        if (c == null) {
            throw new NotConnectedException("not connected yet: " + waitingFor);
        }
        return c;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addWhiteboardListener(ConnectionStateListener listener) {
        whiteboard.add(listener);
        CuratorStateConnection c = connection;
        ConnectionState now = c == null ? ConnectionState.SUSPENDED : c.connectionState();
        if (now.isConnected()) {
            listener.connectionStateChanged(now);
        }
    }

    void removeWhiteboardListener(ConnectionStateListener listener) {
        whiteboard.remove(listener);
    }

    /**
     * At least one step: the component is not served before the migration bundle's 1-to-2 step is
     * there, so no client reads an unmigrated topology. The runner itself checks the chain is complete.
     */
    @Reference(cardinality = ReferenceCardinality.AT_LEAST_ONE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addMigration(TopologyMigration migration) {
        migrations.add(migration);
    }

    void removeMigration(TopologyMigration migration) {
        migrations.remove(migration);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        synchronized (this) {
            closed = true;
        }
        Thread r = redeemer;
        if (r != null) {
            r.interrupt();
            r.join(TimeUnit.SECONDS.toMillis(10));
        }
        CuratorStateConnection c = connection;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public ConnectionState connectionState() {
        CuratorStateConnection c = connection;
        return c == null ? ConnectionState.SUSPENDED : c.connectionState();
    }

    @Override
    public void awaitConnected(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (!connected.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new NotConnectedException("not connected within " + timeout.toSeconds() + " s: " + waitingFor);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotConnectedException("interrupted while " + waitingFor);
        }
        connection().awaitConnected(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }

    @Override
    public void addListener(ConnectionStateListener listener) {
        synchronized (this) {
            CuratorStateConnection c = connection;
            if (c == null) {
                early.add(listener);
                return;
            }
            c.addListener(listener);
        }
    }

    @Override
    public void removeListener(ConnectionStateListener listener) {
        early.remove(listener);
        CuratorStateConnection c = connection;
        if (c != null) {
            c.removeListener(listener);
        }
    }

    @Override
    public boolean isInitialized() {
        return connection().isInitialized();
    }

    @Override
    public void awaitInitialized(Duration timeout) {
        connection().awaitInitialized(timeout);
    }

    @Override
    public boolean awaitEnvironment(Duration period, java.util.function.Consumer<String> stillWaiting) {
        // its own waits, not the connection's: there is none until the one-time credential is redeemed
        return EnvironmentWait.await(this, period, stillWaiting);
    }

    @Override
    public void initialize(EnvironmentSettings settings) {
        connection().initialize(settings);
    }

    @Override
    public Machines machines() {
        return connection().machines();
    }

    @Override
    public Charms charms() {
        return connection().charms();
    }

    @Override
    public Services services() {
        return connection().services();
    }

    @Override
    public Units units() {
        return connection().units();
    }

    @Override
    public Relations relations() {
        return connection().relations();
    }

    @Override
    public jujube.state.EnvironmentOverview overview() {
        return connection().overview();
    }

    @Override
    public jujube.state.Watch watchOverview(jujube.state.StateWatcher<Long> watcher) {
        return connection().watchOverview(watcher);
    }

    @Override
    public jujube.state.UnitRuns runs() {
        return connection().runs();
    }

    @Override
    public jujube.state.Tasks tasks() {
        return connection().tasks();
    }

    @Override
    public jujube.state.AgentBundles agentBundles() {
        return connection().agentBundles();
    }

    @Override
    public Access access() {
        return connection().access();
    }

    @Override
    public jujube.state.DebugLog debugLog() {
        return connection().debugLog();
    }

    @Override
    public jujube.state.UnitHandle unit(jujube.model.UnitName unit) {
        return new ConnectionUnitHandle(this, unit);
    }

    @Override
    public jujube.state.MachineHandle machine(int machineId) {
        return new ConnectionMachineHandle(this, machineId);
    }

    @Override
    public jujube.state.ProvisioningView provisioning() {
        return new ConnectionProvisioningView(this);
    }

    @Override
    public jujube.state.EnvironmentConfig environmentConfig() {
        return connection().environmentConfig();
    }

    @Override
    public jujube.state.Leadership leadership(String name) {
        return connection().leadership(name);
    }

    @Override
    public void close() {
        // the framework owns this connection: it closes when the component deactivates
    }
}
