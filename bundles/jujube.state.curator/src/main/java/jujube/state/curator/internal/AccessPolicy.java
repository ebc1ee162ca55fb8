package jujube.state.curator.internal;

import jujube.state.store.AccessControl;
import jujube.state.store.Identities;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.RelationAccess;
import jujube.state.store.StateContext;
import jujube.state.store.Topology;
import jujube.state.store.WriteQuotas;

import jujube.access.policy.NodeKind;
import jujube.access.policy.Principals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.access.Credential;
import jujube.model.StateException;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings an environment under the access policy, or back to it: what an environment created before the
 * policy needs once (the controller does it when it first starts with this code), and what repairs one an
 * administrator's command left half done (killed between adding a unit and preparing its relations). In
 * order: the administrator's digest and the groups, every machine's and unit's identity and every service's
 * group, made where missing (the environment's and the services' own credentials of policy 2, which groups
 * replace, removed); every writer's debug log and the quotas of what each machine and unit may write;
 * relation scope membership migrated ({@link ScopeMembershipMigration}, which no agent may do under the
 * policy); every relation's scope prepared for its units; then every node's ACL set to the
 * policy's, and the policy's version recorded in {@code /settings}. Each step is idempotent: a run cut
 * short is run again whole.
 */
final class AccessPolicy {
    /** The field of {@code /settings} holding the version of the policy the environment's nodes follow. */
    static final String MARKER = "access-policy";
    /** The policy's version: raised when a change of {@link NodeKind} must reach existing nodes. */
    static final int VERSION = 3;
    private static final Logger LOG = LoggerFactory.getLogger(AccessPolicy.class);
    private final StateContext ctx;

    AccessPolicy(StateContext ctx) {
        this.ctx = ctx;
    }

    /** Whether the environment's nodes follow this policy's version. */
    boolean isApplied() {
        return Integer.valueOf(VERSION).equals(ctx.reader().optionalYamlMap(Paths.SETTINGS).get(MARKER));
    }

    /** Applies the policy to the whole environment; returns how many nodes' ACLs changed. */
    int apply() {
        if (!ctx.access().isAdmin()) {
            throw new StateException("only the administrator sets the environment's access policy");
        }
        ensureBase();
        Identities identities = ctx.identities();
        Topology t = ctx.topology().read();
        t.machineKeys().forEach(identities::ensure);
        t.services().keySet().forEach(serviceId -> {
            identities.ensureGroup(serviceId, new byte[0]);
            // a service had a credential of its own, which its units' machines held, before it had a group
            ctx.deleteTree(AccessControl.CREDENTIALS + "/" + serviceId);
            ctx.deleteTree(AccessControl.TOKENS + "/" + serviceId);
        });
        t.units().forEach((unitId, u) -> identities.ensureUnit(unitId, u.service()));
        // after the principals, which the memberships' ACLs name
        int migrated = new ScopeMembershipMigration(ctx).run();
        if (migrated > 0) {
            LOG.info("{} relation scope memberships migrated", migrated);
        }
        RelationAccess relations = ctx.relationAccess();
        t.relations().keySet().forEach(id -> relations.prepare(t, id));
        bound(t);
        int changed = walk("/");
        ctx.nodes().update(Paths.SETTINGS, null, content -> content.put(MARKER, VERSION));
        LOG.info("access policy {} applied: {} nodes' ACLs changed", VERSION, changed);
        return changed;
    }

    /**
     * {@code /auth} with the administrator's digest and the environment's group of every machine; the
     * environment's one credential that every machine held before there were groups is gone.
     */
    private void ensureBase() {
        for (String dir : List.of("/auth", AccessControl.TOKENS, AccessControl.CREDENTIALS, Principals.GROUPS)) {
            create(dir);
        }
        ctx.identities().ensureGroup(Principals.ENVIRONMENT, Principals.MACHINE_REGISTRY);
        String registry = Principals.group(Principals.ENVIRONMENT);
        try {
            if (!java.util.Arrays.equals(Principals.MACHINE_REGISTRY, ctx.client().getData().forPath(registry))) {
                ctx.client().setData().forPath(registry, Principals.MACHINE_REGISTRY);
            }
        } catch (Exception e) {
            throw NodeReader.failure(registry, e);
        }
        String admin = AccessControl.TOKENS + "/" + Principals.ADMIN;
        try {
            ctx.client().create().forPath(admin, ctx.reader().bytes(Map.of("digest", ctx.access().token(Principals.ADMIN).getId())));
        } catch (KeeperException.NodeExistsException e) {
            // there from an earlier run
        } catch (Exception e) {
            throw NodeReader.failure(admin, e);
        }
        ctx.deleteTree(AccessControl.CREDENTIALS + "/" + Principals.ENVIRONMENT);
        ctx.deleteTree(AccessControl.TOKENS + "/" + Principals.ENVIRONMENT);
    }

    /**
     * Every writer's debug log, and the quotas of what each machine and unit may write (policy 3); the
     * records of the one shared log of policy 2, which any agent could write under any name, are dropped.
     */
    private void bound(Topology t) {
        for (String path : List.of(Paths.LOGS, Paths.logWriterDir(Principals.ADMIN))) {
            create(path);
        }
        List<org.apache.zookeeper.data.ACL> administratorOnly = WriteQuotas.administratorOnly(ctx.access());
        WriteQuotas.prepare(ctx.client(), administratorOnly);
        List<String> writers = new ArrayList<>(t.machineKeys());
        writers.addAll(t.units().keySet());
        for (String writer : writers) {
            String log = Paths.logWriterDir(writer);
            create(log);
            WriteQuotas.ensure(ctx.client(), log, WriteQuotas.LOG, administratorOnly);
            String own = Paths.isMachineKey(writer) ? Paths.MACHINES + "/" + writer : Paths.unit(writer);
            WriteQuotas.ensure(ctx.client(), own, Paths.isMachineKey(writer) ? WriteQuotas.MACHINE : WriteQuotas.UNIT,
                    administratorOnly);
        }
        try {
            for (String child : ctx.client().getChildren().forPath(Paths.LOGS)) {
                if (child.startsWith("log-")) {
                    ctx.deleteTree(Paths.LOGS + "/" + child);
                }
            }
        } catch (Exception e) {
            throw NodeReader.failure(Paths.LOGS, e);
        }
    }

    private void create(String path) {
        try {
            ctx.client().create().forPath(path);
        } catch (KeeperException.NodeExistsException e) {
            // there already
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    /** Sets the policy's ACL on {@code path} and everything below it; ZooKeeper's own nodes are left alone. */
    private int walk(String path) {
        int changed = ctx.identities().applyPolicy(path) ? 1 : 0;
        List<String> children;
        try {
            children = new ArrayList<>(ctx.client().getChildren().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            return changed;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        for (String child : children) {
            String below = path.equals("/") ? "/" + child : path + "/" + child;
            if (!below.equals("/zookeeper")) {
                changed += walk(below);
            }
        }
        return changed;
    }
}
