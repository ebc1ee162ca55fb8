package jujube.state.curator.internal;

import jujube.state.debuglog.CuratorDebugLog;

import jujube.state.store.AccessControl;
import jujube.state.store.MachineRequests;
import jujube.state.store.NodeCodec;
import jujube.state.store.NodeReader;
import jujube.state.store.ParkedPresences;
import jujube.state.store.Paths;
import jujube.state.store.SharedCaches;
import jujube.state.store.StateContext;
import jujube.state.store.TopologyMigrator;
import jujube.state.store.TopologyStore;
import jujube.state.store.TopologyTransaction;
import jujube.state.store.VersionedNodes;
import jujube.state.store.WriteQuotas;

import jujube.access.policy.Principals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import jujube.lib.threads.ThreadFactories;
import jujube.lib.threads.Threads;
import jujube.state.Charms;
import jujube.state.Relations;
import jujube.state.Services;
import jujube.state.TopologyMigration;
import jujube.state.Units;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.state.ConnectionState;
import jujube.state.ConnectionStateListener;
import jujube.state.EnvironmentNotInitializedException;
import jujube.state.EnvironmentSettings;
import jujube.state.Machines;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Curator-backed connection: one {@link CuratorFramework} per connection. */
public final class CuratorStateConnection implements StateConnection {
    private static final Logger LOG = LoggerFactory.getLogger(CuratorStateConnection.class);

    private final CuratorFramework client;
    private final List<ConnectionStateListener> listeners = new CopyOnWriteArrayList<>();
    private final NodeReader reader;
    private final TopologyStore topology;
    private final ExecutorService watchExecutor;
    private final ParkedPresences presences;
    private final CuratorMachines machines;
    private final CuratorCharms charms;
    private final CuratorServices services;
    private final CuratorUnits units;
    private final CuratorRelations relations;
    private final CuratorOverview overview;
    private final CuratorDebugLog debugLog;
    private final CuratorEnvironmentConfig environmentConfig;
    private final CuratorUnitRuns runs;
    private final CuratorTasks tasks;
    private final CuratorAgentBundles agentBundles;
    private final AccessControl access;
    private final CuratorAccess accessApi;
    private final StateContext ctx;
    private volatile ConnectionState state = ConnectionState.SUSPENDED;

    /** The Curator client, for tests in this package that end its session as an expiry would. */
    CuratorFramework curator() {
        return client;
    }

    /** How long a released presence waits for a successor unless configured otherwise. */
    public static final Duration DEFAULT_PRESENCE_GRACE = Duration.ofSeconds(60);

    /**
     * @param config how to reach ZooKeeper
     * @param migrations the topology migration steps, asked afresh whenever a migration is needed
     */
    public CuratorStateConnection(ConnectionConfig config, Supplier<List<TopologyMigration>> migrations) {
        this(config, migrations, DEFAULT_PRESENCE_GRACE);
    }

    /**
     * @param config how to reach ZooKeeper
     * @param migrations the topology migration steps, asked afresh whenever a migration is needed
     * @param presenceGrace how long a released presence node waits for a successor in this process
     */
    public CuratorStateConnection(ConnectionConfig config, Supplier<List<TopologyMigration>> migrations,
            Duration presenceGrace) {
        this(config, migrations, presenceGrace, java.util.function.UnaryOperator.identity());
    }

    /** @param sender wraps what sends a transaction's request: tests lose its answer as a broken connection does */
    CuratorStateConnection(ConnectionConfig config, Supplier<List<TopologyMigration>> migrations,
            Duration presenceGrace, java.util.function.UnaryOperator<TopologyTransaction.Sender> sender) {
        access = new AccessControl(config.chroot(), config.credentials());
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString(config.connectString())
                .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
                .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
                .zkClientConfig(PlainClientConfig.of(config))
                // every session authenticates with the connection's credentials; every node gets the policy's ACL
                .zookeeperFactory(access)
                .aclProvider(access)
                // retry forever at a bounded pace: an agent outlives any ZooKeeper outage
                .retryPolicy(new ExponentialBackoffRetry(100, 29, 5_000));
        if (!config.chroot().isEmpty()) {
            builder.namespace(config.chroot());
        }
        client = builder.build();
        reader = new NodeReader(client);
        VersionedNodes nodes = new VersionedNodes(reader);
        // only the administrator may write the topology: an agent migrates what it reads in memory only
        topology = new TopologyStore(reader, new TopologyMigrator(migrations), access.isAdmin(), access);
        access.bind(client, reader, topology::read);
        watchExecutor = Executors.newCachedThreadPool(ThreadFactories.numbered("jujube-state-watch"));
        presences = new ParkedPresences(presenceGrace);
        MachineRequests requests = new MachineRequests(client, reader);
        access.bind(requests);
        TopologyTransaction.Sender direct = ops -> client.getZookeeperClient().getZooKeeper().multi(ops);
        TopologyTransaction transactions = new TopologyTransaction(reader, topology, access, sender.apply(direct));
        ctx = new StateContext(client, reader, nodes, topology, transactions, watchExecutor, presences,
                new SharedCaches(client), access, requests);
        machines = new CuratorMachines(ctx);
        charms = new CuratorCharms(ctx);
        services = new CuratorServices(ctx);
        java.util.concurrent.ConcurrentMap<jujube.model.UnitName, LatchCampaign> campaigns =
                new java.util.concurrent.ConcurrentHashMap<>();
        units = new CuratorUnits(ctx, campaigns);
        relations = new CuratorRelations(ctx, campaigns);
        overview = new CuratorOverview(ctx, machines, services, units, charms);
        debugLog = new CuratorDebugLog(ctx);
        environmentConfig = new CuratorEnvironmentConfig(ctx);
        runs = new CuratorUnitRuns(ctx);
        tasks = new CuratorTasks(ctx);
        agentBundles = new CuratorAgentBundles(ctx);
        accessApi = new CuratorAccess(ctx, units, machines, charms);
        client.getConnectionStateListenable().addListener((c, newState) -> publish(map(newState)));
        client.start();
    }

    /**
     * Finds the JDK's selector provider, loads the ZooKeeper client's configuration classes (TLS defaults
     * only if TLS is asked for) and, by being called, this class (and with it the logging back-end); then
     * Curator's factory (its initializer looks this host's name up) and Jackson's JSON parser, which a
     * command meets moments later; not databind's object mapper, which a status no longer uses. See
     * {@link jujube.state.curator.StateConnections#warmUp}.
     */
    public static void warmUp() {
        // the ZooKeeper client's first selector: the JDK looks for a selector provider in every jar of the
        // class path first, which the connecting thread would otherwise wait for
        try {
            java.nio.channels.spi.SelectorProvider.provider();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            // the connection meets the same failure and reports it
        }
        new PlainClientConfig();
        CuratorFrameworkFactory.builder();
        new NodeCodec();
    }

    private static ConnectionState map(org.apache.curator.framework.state.ConnectionState s) {
        return switch (s) {
            case CONNECTED -> ConnectionState.CONNECTED;
            case RECONNECTED -> ConnectionState.RECONNECTED;
            case LOST -> ConnectionState.LOST;
            case SUSPENDED, READ_ONLY -> ConnectionState.SUSPENDED;
        };
    }

    private void publish(ConnectionState newState) {
        state = newState;
        LOG.info("ZooKeeper connection {}", newState);
        for (ConnectionStateListener l : listeners) {
            try {
                l.connectionStateChanged(newState);
            } catch (RuntimeException e) {
                LOG.warn("connection state listener {} failed on {}", l, newState, e);
            }
        }
    }

    @Override
    public ConnectionState connectionState() {
        return state;
    }

    @Override
    public void awaitConnected(Duration timeout) {
        try {
            if (!client.blockUntilConnected((int) timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new NotConnectedException("no connection to ZooKeeper at "
                        + client.getZookeeperClient().getCurrentConnectionString() + " within " + timeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotConnectedException("interrupted while connecting to ZooKeeper");
        }
    }

    @Override
    public void addListener(ConnectionStateListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(ConnectionStateListener listener) {
        listeners.remove(listener);
    }

    @Override
    public boolean isInitialized() {
        return reader.exists(Paths.INITIALIZED);
    }

    @Override
    public void awaitInitialized(Duration timeout) {
        // the cache's persistent watch wakes this as soon as bootstrap finishes; its first read reports a
        // node that exists already as created too
        CountDownLatch created = new CountDownLatch(1);
        try (CuratorCache cache = CuratorCache.build(client, Paths.INITIALIZED, CuratorCache.Options.SINGLE_NODE_CACHE)) {
            cache.listenable().addListener(CuratorCacheListener.builder().forCreates(node -> created.countDown()).build());
            cache.start();
            if (!created.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new EnvironmentNotInitializedException(
                        "environment not initialized within " + timeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EnvironmentNotInitializedException("interrupted while waiting for the environment");
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(Paths.INITIALIZED, e);
        }
    }

    @Override
    public boolean awaitEnvironment(Duration period, java.util.function.Consumer<String> stillWaiting) {
        return EnvironmentWait.await(this, period, stillWaiting);
    }

    @Override
    public void initialize(EnvironmentSettings settings) {
        if (!access.isAdmin()) {
            throw new StateException("only the administrator initializes an environment: this connection has no"
                    + " administrator credential");
        }
        if (isInitialized()) {
            throw new StateException("environment '" + settings.name() + "' is already initialized");
        }
        try {
            // one transaction: either the whole hierarchy exists, with /initialized, or none of it
            String machine0 = Paths.machine(0);
            Credential machine0Credential = Credential.generate(Paths.machineKey(0));
            access.remember(machine0Credential); // machine 0's node's ACL names its machine
            List<CuratorOp> ops = new java.util.ArrayList<>();
            for (String path : Paths.BASE) {
                if (client.checkExists().forPath(path) == null) {
                    ops.add(client.transactionOp().create().forPath(path));
                }
            }
            ops.addAll(ctx.identities().baseOperations(access.credentialsOf(Credential.ADMIN), machine0Credential));
            ops.add(client.transactionOp().create().forPath(Paths.ENVIRONMENT, reader.bytes(Map.of(
                    "name", settings.name(), "placement", settings.placement(),
                    "uuid", java.util.UUID.randomUUID().toString()))));
            Map<String, Object> global = new java.util.LinkedHashMap<>(Map.of("provider-type", settings.providerType()));
            global.putAll(ScopeMembershipMigration.MARKED); // born with persistent relation scope membership
            global.put(AccessPolicy.MARKER, AccessPolicy.VERSION); // and under the access policy
            ops.add(client.transactionOp().setData().forPath(Paths.SETTINGS, reader.bytes(global)));
            ops.add(client.transactionOp().create().forPath(machine0, reader.bytes(Map.of(
                    "provider-machine-id", settings.bootstrapInstanceId()))));
            for (Map.Entry<String, Map<String, Object>> node : TopologyStore.initialNodes().entrySet()) {
                ops.add(client.transactionOp().create().forPath(node.getKey(), reader.bytes(node.getKey(), node.getValue())));
            }
            ops.add(client.transactionOp().create().forPath(Paths.LOGS));
            ops.add(client.transactionOp().create().forPath(Paths.logWriterDir(Principals.ADMIN)));
            // what machine 0 may write, bounded as every machine's
            List<org.apache.zookeeper.data.ACL> administratorOnly = WriteQuotas.administratorOnly(access);
            WriteQuotas.prepare(client, administratorOnly);
            ops.addAll(WriteQuotas.operations(client, machine0, WriteQuotas.MACHINE, administratorOnly));
            String machine0Log = Paths.logWriterDir(Paths.machineKey(0));
            ops.add(client.transactionOp().create().forPath(machine0Log));
            ops.addAll(WriteQuotas.operations(client, machine0Log, WriteQuotas.LOG, administratorOnly));
            ops.add(client.transactionOp().create().forPath(Paths.INITIALIZED));
            client.transaction().forOperations(ops);
            // the root last (ACLs are no part of a transaction): until now anyone could create below it
            ctx.identities().applyPolicy("/");
            LOG.info("environment '{}' initialized", settings.name());
        } catch (KeeperException.NodeExistsException e) {
            throw new StateException("environment '" + settings.name() + "' is being initialized by someone else ("
                    + e.getPath() + " exists)");
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure("/", e);
        }
    }

    @Override
    public Machines machines() {
        return machines;
    }

    @Override
    public Charms charms() {
        return charms;
    }

    @Override
    public Services services() {
        return services;
    }

    @Override
    public Units units() {
        return units;
    }

    @Override
    public Relations relations() {
        return relations;
    }

    @Override
    public jujube.state.EnvironmentOverview overview() {
        return overview.read();
    }

    @Override
    public jujube.state.Watch watchOverview(jujube.state.StateWatcher<Long> watcher) {
        return OverviewWatch.start(ctx, watcher);
    }

    @Override
    public jujube.state.UnitRuns runs() {
        return runs;
    }

    @Override
    public jujube.state.Tasks tasks() {
        return tasks;
    }

    @Override
    public jujube.state.AgentBundles agentBundles() {
        return agentBundles;
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

    /** The context this connection's state services share; for tests that build one with other settings. */
    StateContext context() {
        return ctx;
    }

    @Override
    public jujube.state.DebugLog debugLog() {
        return debugLog;
    }

    @Override
    public jujube.state.EnvironmentConfig environmentConfig() {
        return environmentConfig;
    }

    @Override
    public jujube.state.Access access() {
        return accessApi;
    }

    /** See {@link jujube.state.curator.StateConnections#redeem}. */
    public static List<Credential> redeem(ConnectionConfig config, jujube.access.OneTimeCredential credential,
            Duration timeout) {
        return OneTimeRedemption.redeem(config, credential, timeout);
    }

    @Override
    public jujube.state.Leadership leadership(String name) {
        return new CuratorLeadership(client, name);
    }

    @Override
    public void close() {
        debugLog.close(); // its writer first: it must not meet a closed client
        presences.close(); // while the client can still delete them: a session closing would too, but later
        watchExecutor.shutdownNow();
        client.close();
    }

    /** See {@link jujube.state.curator.StateConnections#closeBeforeExit}. */
    public void closeBeforeExit(Duration timeout) {
        ZooKeeper zk;
        try {
            zk = client.getZookeeperClient().getZooKeeper();
        } catch (Exception e) {
            close(); // no usable session: nothing to wait for but the close itself
            return;
        }
        Thread closing = Threads.startDaemon("jujube-state-close", this::close);
        // ZooKeeper tells nobody when the server has answered closeSession: its state turns CLOSED then, and
        // only after that does the client clean its socket up, with a fixed sleep. So that state is polled.
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (closing.isAlive() && zk.getState().isAlive() && System.nanoTime() < deadline) {
                closing.join(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
