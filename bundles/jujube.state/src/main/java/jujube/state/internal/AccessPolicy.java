package jujube.state.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.state.Credential;
import jujube.state.StateException;
import org.apache.zookeeper.KeeperException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings an environment under the access policy, or back to it: what an environment created before the
 * policy needs once (the controller does it when it first starts with this code), and what repairs one an
 * administrator's command left half done (killed between adding a unit and preparing its relations). In
 * order: the environment's principals and every machine's, service's and unit's, made where missing;
 * relation scope membership migrated ({@link ScopeMembershipMigration}, which no agent may do under the
 * policy); every relation's scope prepared for its units; then every node's ACL set to the
 * policy's, and the policy's version recorded in {@code /settings}. Each step is idempotent: a run cut
 * short is run again whole.
 */
final class AccessPolicy {
    /** The field of {@code /settings} holding the version of the policy the environment's nodes follow. */
    static final String MARKER = "access-policy";
    /** The policy's version: raised when a change of {@link NodeKind} must reach existing nodes. */
    static final int VERSION = 2;
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
        t.services().keySet().forEach(identities::ensure);
        t.units().forEach((unitId, u) -> identities.ensureUnit(unitId, u.service()));
        // after the principals, which the memberships' ACLs name
        int migrated = new ScopeMembershipMigration(ctx).run();
        if (migrated > 0) {
            LOG.info("{} relation scope memberships migrated", migrated);
        }
        RelationAccess relations = ctx.relationAccess();
        t.relations().keySet().forEach(id -> relations.prepare(t, id));
        for (String path : List.of(Paths.LOGS, Paths.LOG_LISTENERS)) {
            create(path);
        }
        int changed = walk("/");
        ctx.nodes().update(Paths.SETTINGS, null, content -> content.put(MARKER, VERSION));
        LOG.info("access policy {} applied: {} nodes' ACLs changed", VERSION, changed);
        return changed;
    }

    /**
     * {@code /auth} with the administrator's digest and the environment's principal. The environment's
     * digest is known before any node is made, since every node's ACL names it.
     */
    private void ensureBase() {
        String path = AccessControl.CREDENTIALS + "/" + Principals.ENVIRONMENT;
        Credential environment;
        try {
            environment = ctx.access().credentialsIn(path, ctx.client().getData().forPath(path)).get(0);
        } catch (KeeperException.NoNodeException e) {
            environment = Credential.generate(Principals.ENVIRONMENT);
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
        ctx.access().remember(environment);
        for (String dir : List.of("/auth", AccessControl.TOKENS, AccessControl.CREDENTIALS)) {
            create(dir);
        }
        String admin = AccessControl.TOKENS + "/" + Principals.ADMIN;
        try {
            ctx.client().create().forPath(admin, ctx.reader().bytes(Map.of("digest", ctx.access().token(Principals.ADMIN).getId())));
        } catch (KeeperException.NodeExistsException e) {
            // there from an earlier run
        } catch (Exception e) {
            throw NodeReader.failure(admin, e);
        }
        ctx.identities().ensure(environment);
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
