package jujube.state.store;

import jujube.access.policy.NodeKind;
import jujube.access.policy.Principals;
import jujube.access.policy.AccessFacts;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import jujube.access.Credential;
import jujube.model.StateException;
import jujube.access.policy.NodeKind.Grant;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.utils.ZookeeperFactory;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs.Perms;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;

/**
 * One connection's side of access control: the credentials its session authenticates with (given at the
 * start, and the units' it acts for, added as it needs them), each by its digest and, but the
 * administrator's, as a member of the groups that list it; every node it creates gets its ACL from the
 * policy ({@link NodeKind}), the administrator always included. As a {@link ZookeeperFactory} it
 * authenticates each new ZooKeeper session (after an expiry too) with every credential known so far; as an
 * {@link ACLProvider} it computes the ACL of each node Curator creates.
 *
 * <p>ACL entries name principals by their digest, kept under {@code /auth/tokens}; the digests of this
 * connection's own credentials are known without asking. A unit's credentials are under
 * {@code /auth/credentials/unit-N}, readable by the machine the unit is assigned to: a machine agent's
 * connection reads them the first time it acts for the unit ({@link #actFor}).
 */
public final class AccessControl implements ACLProvider, ZookeeperFactory {
    public static final String TOKENS = "/auth/tokens";
    public static final String CREDENTIALS = "/auth/credentials";
    /** How long a token read outlasts a lost server: a leader election, a server restarted. */
    static final Duration TOKEN_RETRY = Duration.ofSeconds(20);
    private final String namespace;
    private final List<Credential> credentials = new CopyOnWriteArrayList<>();
    private final Map<String, Id> tokens = new ConcurrentHashMap<>();
    private final Set<String> actingFor = ConcurrentHashMap.newKeySet();
    private final boolean admin;
    private final String machine;
    private volatile CuratorFramework client;
    private volatile NodeReader reader;
    private volatile Supplier<Topology> topology;
    private volatile MachineRequests requests;

    /**
     * @param chroot the environment's chroot, empty for the root
     * @param credentials what the session authenticates with at first
     */
    public AccessControl(String chroot, List<Credential> credentials) {
        this.namespace = chroot.isEmpty() ? "" : "/" + chroot;
        credentials.forEach(this::remember);
        this.credentials.addAll(credentials);
        this.admin = credentials.stream().anyMatch(Credential::isAdmin);
        this.machine = credentials.stream().map(Credential::principal).filter(Principals::isMachine).findFirst()
                .orElse(null);
    }

    /** Ties this to its connection's client, once built. */
    public void bind(CuratorFramework client, NodeReader reader, Supplier<Topology> topology) {
        this.client = client;
        this.reader = reader;
        this.topology = topology;
    }

    /** How a machine agent asks the controller to grant it what it should have ({@link #actFor}). */
    public void bind(MachineRequests requests) {
        this.requests = requests;
    }

    /** Whether the session is the administrator's, which may do anything. */
    public boolean isAdmin() {
        return admin;
    }

    /** The machine key this session is the agent of, if it is a machine agent's. */
    public Optional<String> machine() {
        return Optional.ofNullable(machine);
    }

    /** Keeps the digest of {@code credential}, so ACLs naming it need no look-up. */
    public void remember(Credential credential) {
        tokens.put(credential.principal(), Principals.id(credential));
    }

    /** Adds a credential to the session, now and for every later session of this connection. */
    void authenticate(Credential credential) {
        remember(credential);
        if (credentials.stream().noneMatch(c -> c.principal().equals(credential.principal()))) {
            credentials.add(credential);
            CuratorFramework c = client;
            if (c != null) {
                try {
                    addAuthInfo(c.getZookeeperClient().getZooKeeper(), credential);
                } catch (Exception e) {
                    // no session right now: the next one is made with every credential of the list
                }
            }
        }
    }

    /**
     * Makes sure the session holds the credential of {@code unitId} (which makes it a member of its service's
     * group too) before it
     * acts for the unit: a machine agent's units run in its process and share its session. The
     * administrator acts for every unit as it is.
     *
     * @throws StateException naming the unit and the machine when the unit's credentials are not this
     *     machine's to read (the unit is not assigned to it)
     */
    public void actFor(String unitId) {
        if (admin || actingFor.contains(unitId)) {
            return;
        }
        String path = CREDENTIALS + "/" + unitId;
        try {
            byte[] data;
            try {
                data = reader.client().getData().forPath(path);
            } catch (KeeperException.NoAuthException e) {
                if (machine == null || requests == null) {
                    throw e;
                }
                // an administrator's command cut short between assigning the unit and granting its credentials
                // leaves them unreadable: the controller checks the assignment and grants them
                requests.submit(machine, java.util.Map.of("op", "grant-unit", "unit", unitId));
                data = reader.client().getData().forPath(path);
            }
            for (Credential c : credentialsIn(path, data)) {
                authenticate(c);
            }
        } catch (KeeperException.NoAuthException e) {
            throw new StateException(machine + " may not act for " + unitId + ": the unit is not assigned to it");
        } catch (KeeperException.NoNodeException e) {
            throw new StateException(unitId + " has no credentials (" + path + " is missing)");
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        actingFor.add(unitId);
    }

    /** This connection's credential of {@code principal}. */
    public Credential credentialsOf(String principal) {
        return credentials.stream().filter(c -> c.principal().equals(principal)).findFirst()
                .orElseThrow(() -> new StateException("this connection has no credential of " + principal));
    }

    /** The credentials a credentials node holds. */
    public List<Credential> credentialsIn(String path, byte[] data) {
        Map<String, Object> content = reader.parse(path, data);
        Fields f = new Fields(path);
        List<Credential> found = new ArrayList<>();
        for (Object entry : f.list(content.get("credentials"), "credentials")) {
            Map<String, Object> m = f.map(entry, "credentials[]");
            try {
                found.add(new Credential(f.string(m.get("principal"), "principal"), f.string(m.get("secret"), "secret")));
            } catch (IllegalArgumentException e) {
                throw f.corrupt(e.getMessage());
            }
        }
        return found;
    }

    /** Content of a credentials node. */
    static Map<String, Object> content(List<Credential> credentials) {
        List<Object> entries = new ArrayList<>();
        for (Credential c : credentials) {
            entries.add(Map.of("principal", c.principal(), "secret", c.secret()));
        }
        return Map.of("credentials", entries);
    }

    /** The policy's ACL of the node at {@code path} (below the environment's root). */
    public List<ACL> acl(String path) {
        return acl(path, new LazyFacts());
    }

    /** The policy's ACL of the node at {@code path}, with what it needs to know answered by {@code facts}. */
    public List<ACL> acl(String path, AccessFacts facts) {
        List<ACL> acl = new ArrayList<>();
        acl.add(new ACL(Perms.ALL, token(Principals.ADMIN)));
        for (Grant g : NodeKind.grants(path, facts)) {
            Id id = switch (g.match()) {
                case PRINCIPAL -> token(g.principal());
                case MEMBERS -> Principals.memberOf(namespace, g.principal());
                case SELF -> Principals.selfIn(namespace, g.principal());
            };
            acl.add(new ACL(g.perms(), id));
        }
        return acl;
    }

    /**
     * The token node's data, through the bare client, not Curator's retry loop: this may run on Curator's
     * own threads while they re-create a node, which must not wait for Curator's view of the connection.
     * A server lost meanwhile (a leader election) is read again at a bounded pace while the client
     * reconnects by itself, up to {@link #TOKEN_RETRY}: a command must not fail for a failover it outlives.
     */
    private byte[] readToken(String path) throws Exception {
        long deadline = System.nanoTime() + TOKEN_RETRY.toNanos();
        for (long pauseMs = 50;; pauseMs = Math.min(2 * pauseMs, 1000)) {
            try {
                return client.getZookeeperClient().getZooKeeper().getData(namespace + path, false, null);
            } catch (KeeperException.ConnectionLossException | KeeperException.OperationTimeoutException e) {
                if (System.nanoTime() + pauseMs * 1_000_000 > deadline) {
                    throw e;
                }
                Thread.sleep(pauseMs);
            }
        }
    }

    /** The identity ACL entries name for {@code principal}. */
    public Id token(String principal) {
        Id known = tokens.get(principal);
        if (known != null) {
            return known;
        }
        String path = TOKENS + "/" + principal;
        byte[] data;
        try {
            data = readToken(path);
        } catch (KeeperException.NoNodeException e) {
            throw new StateException("no principal " + principal + " in this environment (" + path
                    + " is missing): is its access policy set up? (the controller sets it up when it starts)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw NodeReader.failure(path, e);
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        String digest = new Fields(path).string(reader.parse(path, data).get("digest"), "digest");
        Id id = new Id(Principals.DIGEST, digest);
        tokens.put(principal, id);
        return id;
    }

    /** The path below the environment's root of a path Curator gives, which includes the chroot. */
    String relative(String path) {
        if (namespace.isEmpty()) {
            return path;
        }
        if (path.equals(namespace)) {
            return "/";
        }
        return path.startsWith(namespace + "/") ? path.substring(namespace.length()) : path;
    }

    @Override
    public List<ACL> getDefaultAcl() {
        return List.of(new ACL(Perms.ALL, token(Principals.ADMIN)));
    }

    @Override
    public List<ACL> getAclForPath(String path) {
        return acl(relative(path));
    }

    @Override
    public ZooKeeper newZooKeeper(String connectString, int sessionTimeout, Watcher watcher, boolean canBeReadOnly)
            throws Exception {
        return authenticated(new ZooKeeper(connectString, sessionTimeout, watcher, canBeReadOnly));
    }

    @Override
    public ZooKeeper newZooKeeper(String connectString, int sessionTimeout, Watcher watcher, boolean canBeReadOnly,
            ZKClientConfig config) throws Exception {
        return authenticated(new ZooKeeper(connectString, sessionTimeout, watcher, canBeReadOnly, config));
    }

    private ZooKeeper authenticated(ZooKeeper zk) {
        for (Credential c : credentials) {
            addAuthInfo(zk, c);
        }
        return zk;
    }

    /** Authenticates the session as the credential's principal, and as a member of the groups that list it. */
    private static void addAuthInfo(ZooKeeper zk, Credential credential) {
        zk.addAuthInfo(Principals.DIGEST, Principals.auth(credential));
        if (Principals.joinsGroups(credential)) {
            zk.addAuthInfo(Principals.GROUP, Principals.auth(credential));
        }
    }

    /** Reads the topology only if a rule asks, and once. */
    private final class LazyFacts implements AccessFacts {
        private AccessFacts facts;

        private AccessFacts facts() {
            if (facts == null) {
                facts = TopologyFacts.of(topology.get());
            }
            return facts;
        }

        @Override
        public Optional<String> machineOfUnit(String unitId) {
            return facts().machineOfUnit(unitId);
        }

        @Override
        public List<String> servicesOfRelation(String relationId) {
            return facts().servicesOfRelation(relationId);
        }

        @Override
        public List<String> servicesWithRole(String relationId, String role) {
            return facts().servicesWithRole(relationId, role);
        }
    }
}
