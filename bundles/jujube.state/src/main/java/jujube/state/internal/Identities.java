package jujube.state.internal;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.state.Credential;
import jujube.state.NoSuchMachineException;
import jujube.state.OneTimeCredential;
import jujube.state.StateException;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs.Perms;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The administrator's side of identities. Every principal but the administrator has its credentials in
 * {@code /auth/credentials/<principal>} (a unit's node also holds its service's) and its digest in
 * {@code /auth/tokens/<principal>}; both are made together, once, when the machine, service or unit is
 * added (or, for an environment that predates them, when its controller first secures it). One-time
 * credentials are issued here too.
 */
final class Identities {
    private final StateContext ctx;

    Identities(StateContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Operations creating {@code /auth} with the environment's base principals: the administrator's digest,
     * the environment's credentials and machine 0's, for the transaction that initializes an environment.
     * Their digests must be known to the connection already ({@link AccessControl#remember}).
     */
    List<CuratorOp> baseOperations(Credential administrator, Credential environment, Credential machine0)
            throws Exception {
        List<CuratorOp> ops = new ArrayList<>();
        for (String path : List.of("/auth", AccessControl.TOKENS, AccessControl.CREDENTIALS)) {
            ops.add(ctx.client().transactionOp().create().forPath(path));
        }
        ops.add(tokenOperation(administrator));
        for (Credential c : List.of(environment, machine0)) {
            ops.add(tokenOperation(c));
            ops.add(ctx.client().transactionOp().create().forPath(AccessControl.CREDENTIALS + "/" + c.principal(),
                    ctx.reader().bytes(AccessControl.content(List.of(c)))));
        }
        return ops;
    }

    private CuratorOp tokenOperation(Credential c) throws Exception {
        return ctx.client().transactionOp().create().forPath(AccessControl.TOKENS + "/" + c.principal(),
                ctx.reader().bytes(Map.of("digest", Principals.id(c).getId())));
    }

    /** The principal's credential, made (with its digest) unless it exists. */
    Credential ensure(String principal) {
        return ensure(principal, List.of(), null).get(0);
    }

    /** As {@link #ensure(String)}, with {@code candidate} as the credential made when there is none. */
    Credential ensure(Credential candidate) {
        return ensure(candidate.principal(), List.of(), candidate).get(0);
    }

    /**
     * A unit's credentials: its own, made unless they exist, and its service's; the node is readable by
     * the unit's machine once the unit is assigned ({@link #applyPolicy} of it after each assignment).
     */
    List<Credential> ensureUnit(String unitId, String serviceId) {
        return ensure(unitId, List.of(ensure(serviceId)), null);
    }

    /**
     * The credentials node is made first and its digest after, from whatever the node holds: two
     * administrators racing agree on the node that won, and a digest missing after a crash between the
     * two is made by the next call.
     */
    private List<Credential> ensure(String principal, List<Credential> also, Credential candidate) {
        String path = AccessControl.CREDENTIALS + "/" + principal;
        List<Credential> content;
        try {
            content = ctx.access().credentialsIn(path, ctx.client().getData().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            content = new ArrayList<>(List.of(candidate != null ? candidate : Credential.generate(principal)));
            content.addAll(also);
            try {
                ctx.client().create().forPath(path, ctx.reader().bytes(AccessControl.content(content)));
            } catch (KeeperException.NodeExistsException raced) {
                return ensure(principal, also, null); // made meanwhile by another administrator: theirs holds
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
        return content;
    }

    /** Removes a principal's credentials and digest: its machine, service or unit is gone. */
    void remove(String principal) {
        ctx.deleteTree(AccessControl.CREDENTIALS + "/" + principal);
        ctx.deleteTree(AccessControl.TOKENS + "/" + principal);
    }

    /**
     * Issues a fresh one-time credential for a machine: the node {@code /machines/machine-N/otp}, readable
     * only by a new one-time principal, holding the machine's credentials and the environment's. An
     * earlier one not redeemed yet is revoked: it names the node's old ACL.
     */
    OneTimeCredential issueOneTime(int machineId) {
        String machine = Paths.machine(machineId);
        if (!ctx.reader().exists(machine)) {
            throw new NoSuchMachineException(machineId);
        }
        Credential own = ensure(Paths.machineKey(machineId));
        Credential environment = ensure(Principals.ENVIRONMENT);
        byte[] random = new byte[8];
        new java.security.SecureRandom().nextBytes(random);
        Credential oneTime = Credential.generate(Principals.ONE_TIME_PREFIX + HexFormat.of().formatHex(random));
        String path = machine + "/otp";
        List<ACL> acl = List.of(new ACL(Perms.ALL, ctx.access().token(Principals.ADMIN)),
                new ACL(Perms.READ, Principals.id(oneTime)));
        ctx.deleteTree(path);
        try {
            ctx.client().create().withACL(acl).forPath(path, ctx.reader().bytes(AccessControl.content(List.of(own, environment))));
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        return new OneTimeCredential(path, oneTime);
    }

    /**
     * Sets the ACL of the node at {@code path} to the policy's when it differs (as a set of entries), and
     * says whether it did; a node that is gone is fine. A one-time credential's node keeps its own.
     */
    boolean applyPolicy(String path) {
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
