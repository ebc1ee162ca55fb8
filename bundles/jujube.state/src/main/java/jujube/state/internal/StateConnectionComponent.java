package jujube.state.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.state.ConnectionConfig;
import jujube.state.ConnectionState;
import jujube.state.ConnectionStateListener;
import jujube.state.EnvironmentSettings;
import jujube.state.Charms;
import jujube.state.Machines;
import jujube.state.Relations;
import jujube.state.Services;
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

/**
 * The connection as a service, configured through ConfigAdmin. It calls every
 * {@link ConnectionStateListener} service on each change of the connection state (whiteboard), and
 * tells a newly arriving listener the current state at once.
 */
@Component(configurationPid = "jujube.state.connection", configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = StateConnection.class)
@Designate(ocd = ConnectionComponentConfig.class)
public final class StateConnectionComponent implements StateConnection {
    private final List<ConnectionStateListener> whiteboard = new CopyOnWriteArrayList<>();
    private final List<TopologyMigration> migrations = new CopyOnWriteArrayList<>();
    private final CuratorStateConnection connection;

    @Activate
    public StateConnectionComponent(ConnectionComponentConfig config) {
        ConnectionConfig zookeeper = new ConnectionConfig(config.connectString(),
                Duration.ofMillis(config.sessionTimeoutMs()), Duration.ofMillis(config.connectionTimeoutMs()),
                config.chroot());
        if (!config.tlsCaCertificate().isBlank()) {
            zookeeper = zookeeper.withTls(Path.of(config.tlsCaCertificate()));
        }
        connection = new CuratorStateConnection(zookeeper, () -> List.copyOf(migrations),
                Duration.ofMillis(config.presenceGraceMs()));
        connection.addListener(state -> whiteboard.forEach(l -> l.connectionStateChanged(state)));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addWhiteboardListener(ConnectionStateListener listener) {
        whiteboard.add(listener);
        ConnectionState now = connection.connectionState();
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
    void deactivate() {
        connection.close();
    }

    @Override
    public ConnectionState connectionState() {
        return connection.connectionState();
    }

    @Override
    public void awaitConnected(Duration timeout) {
        connection.awaitConnected(timeout);
    }

    @Override
    public void addListener(ConnectionStateListener listener) {
        connection.addListener(listener);
    }

    @Override
    public void removeListener(ConnectionStateListener listener) {
        connection.removeListener(listener);
    }

    @Override
    public boolean isInitialized() {
        return connection.isInitialized();
    }

    @Override
    public void awaitInitialized(Duration timeout) {
        connection.awaitInitialized(timeout);
    }

    @Override
    public void initialize(EnvironmentSettings settings) {
        connection.initialize(settings);
    }

    @Override
    public Machines machines() {
        return connection.machines();
    }

    @Override
    public Charms charms() {
        return connection.charms();
    }

    @Override
    public Services services() {
        return connection.services();
    }

    @Override
    public Units units() {
        return connection.units();
    }

    @Override
    public Relations relations() {
        return connection.relations();
    }

    @Override
    public jujube.state.EnvironmentOverview overview() {
        return connection.overview();
    }

    @Override
    public jujube.state.UnitRuns runs() {
        return connection.runs();
    }

    @Override
    public jujube.state.DebugLog debugLog() {
        return connection.debugLog();
    }

    @Override
    public jujube.state.EnvironmentConfig environmentConfig() {
        return connection.environmentConfig();
    }

    @Override
    public jujube.state.Leadership leadership(String name) {
        return connection.leadership(name);
    }

    @Override
    public void close() {
        // the framework owns this connection: it closes when the component deactivates
    }
}
