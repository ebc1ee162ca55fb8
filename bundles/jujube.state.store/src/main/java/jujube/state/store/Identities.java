package jujube.state.store;

import jujube.access.policy.NodeKind;
import jujube.access.policy.Principals;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.access.Credential;
import jujube.model.NoSuchMachineException;
import jujube.access.OneTimeCredential;
import jujube.model.StateException;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Perms;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The administrator's side of identities. Every principal but the administrator has its credentials in
 * {@code /auth/credentials/<principal>} and its digest in {@code /auth/tokens/<principal>}; both are made
 * together, once, when the machine or unit is added (or, for an environment that predates them, when its
 * controller first secures it), with its membership of its groups ({@link Principals}): a machine's of the
 * environment's, a unit's of its service's. Removing a principal removes all three, which revokes it
 * everywhere at once. One-time credentials are issued here too.
 */
public final class Identities {
    private final StateContext ctx;

    public Identities(StateContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Operations creating {@code /auth} with the environment's base principals: the administrator's digest,
     * the groups' directory with the environment's (every machine's) group, and machine 0's identity, for
     * the transaction that initializes an environment. Their digests must be known to the connection
     * already ({@link AccessControl#remember}).
     */
    public List<CuratorOp> baseOperations(Credential administrator, Credential machine0) throws Exception {
        List<CuratorOp> ops = new ArrayList<>();
        for (String path : List.of("/auth", AccessControl.TOKENS, AccessControl.CREDENTIALS, Principals.GROUPS)) {
            ops.add(ctx.client().transactionOp().create().forPath(path));
        }
        ops.add(ctx.client().transactionOp().create().forPath(Principals.group(Principals.ENVIRONMENT),
                Principals.MACHINE_REGISTRY));
        ops.add(tokenOperation(administrator));
        ops.add(tokenOperation(machine0));
        ops.add(ctx.client().transactionOp().create().forPath(AccessControl.CREDENTIALS + "/" + machine0.principal(),
                ctx.reader().bytes(AccessControl.content(List.of(machine0)))));
        ops.add(ctx.client().transactionOp().create().forPath(Principals.membership(Principals.ENVIRONMENT,
                machine0.principal()), Principals.membershipData(machine0)));
        return ops;
    }

    private CuratorOp tokenOperation(Credential c) throws Exception {
        return ctx.client().transactionOp().create().forPath(AccessControl.TOKENS + "/" + c.principal(),
                ctx.reader().bytes(Map.of("digest", Principals.id(c).getId())));
    }

    /**
     * The principal's credential, made (with its digest) unless it exists; a machine's membership of the
     * environment's group too.
     */
    public Credential ensure(String principal) {
        Credential own = ensureCredential(principal);
        if (Principals.isMachine(principal)) {
            ensureMember(Principals.ENVIRONMENT, own);
        }
        return own;
    }

    /**
     * A unit's credential, made unless it exists, and its membership of its service's group; the
     * credentials node is readable by the unit's machine once the unit is assigned ({@link #applyPolicy} of
     * it after each assignment).
     */
    public Credential ensureUnit(String unitId, String serviceId) {
        Credential own = ensureCredential(unitId);
        ensureGroup(serviceId, new byte[0]);
        ensureMember(serviceId, own);
        return own;
    }

    /** A group's node, with {@code data} when it is made. */
    public void ensureGroup(String group, byte[] data) {
        try {
            ctx.client().create().creatingParentsIfNeeded().forPath(Principals.group(group), data);
        } catch (KeeperException.NodeExistsException e) {
            // made before
        } catch (Exception e) {
            throw NodeReader.failure(Principals.group(group), e);
        }
    }

    /** Makes {@code member} a member of {@code group} (whose node exists), or makes its entry hold its identity again. */
    void ensureMember(String group, Credential member) {
        String path = Principals.membership(group, member.principal());
        byte[] data = Principals.membershipData(member);
        try {
            ctx.client().create().forPath(path, data);
        } catch (KeeperException.NodeExistsException e) {
            try {
                if (!java.util.Arrays.equals(data, ctx.client().getData().forPath(path))) {
                    ctx.client().setData().forPath(path, data);
                }
            } catch (Exception failed) {
                throw NodeReader.failure(path, failed);
            }
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    /**
     * The credentials node is made first and its digest after, from whatever the node holds: two
     * administrators racing agree on the node that won, and a digest missing after a crash between the
     * two is made by the next call.
     */
    private Credential ensureCredential(String principal) {
        String path = AccessControl.CREDENTIALS + "/" + principal;
        List<Credential> content;
        try {
            content = ctx.access().credentialsIn(path, ctx.client().getData().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            content = List.of(Credential.generate(principal));
            try {
                ctx.client().create().forPath(path, ctx.reader().bytes(AccessControl.content(content)));
            } catch (KeeperException.NodeExistsException raced) {
                return ensureCredential(principal); // made meanwhile by another administrator: theirs holds
            } catch (Exception failed) {
                throw NodeReader.failure(path, failed);
            }
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        Credential own = content.get(0);
        ctx.access().remember(own);
        String token = AccessControl.TOKENS + "/" + principal;
        try {
            ctx.client().create().forPath(token, ctx.reader().bytes(Map.of("digest", Principals.id(own).getId())));
        } catch (KeeperException.NodeExistsException e) {
            // made with the node, earlier
        } catch (Exception e) {
            throw NodeReader.failure(token, e);
        }
        return own;
    }

    /**
     * Removes a machine's or unit's identity: its membership of its groups first (which takes its rights
     * from every ACL naming them, and has its machine's sessions closed), then its credentials and digest.
     * {@code group} is the unit's service, or null for a machine.
     */
    public void remove(String principal, String group) {
        if (Principals.isMachine(principal)) {
            ctx.deleteTree(Principals.membership(Principals.ENVIRONMENT, principal));
        } else if (group != null) {
            ctx.deleteTree(Principals.membership(group, principal));
        }
        ctx.deleteTree(AccessControl.CREDENTIALS + "/" + principal);
        ctx.deleteTree(AccessControl.TOKENS + "/" + principal);
    }

    /** Removes a service's group (its units' memberships with it), and the identity it had before groups. */
    public void removeGroup(String serviceId) {
        ctx.deleteTree(Principals.group(serviceId));
        ctx.deleteTree(AccessControl.CREDENTIALS + "/" + serviceId);
        ctx.deleteTree(AccessControl.TOKENS + "/" + serviceId);
    }

    /**
     * Issues a fresh one-time credential for a machine: the node {@code /machines/machine-N/otp}, readable
     * only by a new one-time principal, holding the machine's credential. An earlier one not redeemed yet is
     * revoked: it names the node's old ACL.
     */
    public OneTimeCredential issueOneTime(int machineId) {
        String machine = Paths.machine(machineId);
        if (!ctx.reader().exists(machine)) {
            throw new NoSuchMachineException(machineId);
        }
        Credential own = ensure(Paths.machineKey(machineId));
        byte[] random = new byte[8];
        new java.security.SecureRandom().nextBytes(random);
        Credential oneTime = Credential.generate(Principals.ONE_TIME_PREFIX + HexFormat.of().formatHex(random));
        String path = machine + "/otp";
        List<ACL> acl = List.of(new ACL(Perms.ALL, ctx.access().token(Principals.ADMIN)),
                new ACL(Perms.READ, Principals.id(oneTime)));
        ctx.deleteTree(path);
        try {
            ctx.client().create().withACL(acl).forPath(path, ctx.reader().bytes(AccessControl.content(List.of(own))));
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        return new OneTimeCredential(path, oneTime);
    }

    /**
     * Sets the ACL of the node at {@code path} to the policy's when it differs (as a set of entries), and
     * says whether it did; a node that is gone is fine. A one-time credential's node keeps its own.
     */
    public boolean applyPolicy(String path) {
        if (NodeKind.of(path) == NodeKind.MACHINE_ONE_TIME) {
            return false;
        }
        try {
            Stat stat = new Stat();
            List<ACL> current = ctx.client().getACL().storingStatIn(stat).forPath(path);
            List<ACL> wanted = ctx.access().acl(path);
            if (Set.copyOf(current).equals(Set.copyOf(wanted))) {
                return false;
            }
            ctx.client().setACL().withVersion(stat.getAversion()).withACL(wanted).forPath(path);
            return true;
        } catch (KeeperException.NoNodeException e) {
            return false;
        } catch (KeeperException.BadVersionException e) {
            return applyPolicy(path); // changed meanwhile by another administrator: look again
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }
}
