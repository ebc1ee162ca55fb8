package jujube.zookeeper.auth;

import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.common.PathUtils;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.DataNode;
import org.apache.zookeeper.server.ServerCnxn;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.apache.zookeeper.server.auth.ServerAuthenticationProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ZooKeeper's authentication scheme {@value #SCHEME}: rights granted to a group of principals that the
 * data tree itself lists, so that a principal joins or leaves every ACL naming its group by one node, at
 * once, without an ACL rewritten. ZooKeeper's own {@code digest} scheme can only name principals one by
 * one: a right shared by every machine of an environment would either name them all in every node's ACL,
 * or be one credential they all hold and none could be made to give back.
 *
 * <p>A session authenticates as with {@code digest}: {@code addAuthInfo("jujube", "principal:secret")}
 * gives it the identity {@code principal:base64(sha1(principal:secret))} in this scheme. ACL entries of
 * the scheme name a group, the path of a node whose children are its members, each named after its
 * principal and holding that principal's identity:
 * <ul>
 * <li>{@code member:/path/of/group} matches a session whose principal is a member;</li>
 * <li>{@code self:/path/of/group} matches a member too, only for the node the request names when that
 * node is named after the principal: on a directory, {@code CREATE} or {@code DELETE} of its own entry
 * and no other.</li>
 * </ul>
 * A group node whose data is {@code registry:PREFIX} lists every live principal whose name starts with
 * PREFIX: a session asking with such a principal that it no longer lists has been revoked, and it is
 * closed.
 *
 * <p>Registered with ZooKeeper's server by the system property {@code zookeeper.authProvider.jujube}
 * naming this class ({@code authProvider.jujube=...} in a server's configuration).
 */
public final class GroupAuthenticationProvider extends ServerAuthenticationProvider {
    /** The scheme's name, as sessions and ACL entries give it. */
    public static final String SCHEME = "jujube";
    /** An ACL expression's prefix: any member of the group. */
    public static final String MEMBER = "member:";
    /** An ACL expression's prefix: a member, for the node named after itself. */
    public static final String SELF = "self:";
    /** A group node's data saying it lists every live principal named with the prefix that follows. */
    public static final String REGISTRY = "registry:";
    private static final Logger LOG = LoggerFactory.getLogger(GroupAuthenticationProvider.class);

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public KeeperException.Code handleAuthentication(ServerObjs serverObjs, byte[] authData) {
        String credential = new String(authData, StandardCharsets.UTF_8);
        int colon = credential.indexOf(':');
        if (colon <= 0) {
            return KeeperException.Code.AUTHFAILED;
        }
        try {
            serverObjs.getCnxn().addAuthInfo(new Id(SCHEME, DigestAuthenticationProvider.generateDigest(credential)));
        } catch (NoSuchAlgorithmException e) {
            return KeeperException.Code.AUTHFAILED;
        }
        return KeeperException.Code.OK;
    }

    @Override
    public boolean matches(ServerObjs serverObjs, MatchValues matchValues) {
        String expression = matchValues.getAclExpr();
        boolean self = expression.startsWith(SELF);
        String group = expression.substring(self ? SELF.length() : MEMBER.length());
        String identity = matchValues.getId();
        String principal = identity.substring(0, Math.max(0, identity.indexOf(':')));
        if (principal.isEmpty() || principal.indexOf('/') >= 0) {
            return false;
        }
        ZooKeeperServer server = serverObjs.getZks();
        DataNode member = server.getZKDatabase().getNode(group + "/" + principal);
        if (member == null || !Arrays.equals(member.getData(), identity.getBytes(StandardCharsets.UTF_8))) {
            closeIfRevoked(serverObjs, group, principal);
            return false;
        }
        return !self || principal.equals(lastName(matchValues.getPath()));
    }

    /** Closes the session when {@code group} lists every live principal like this one: it was revoked. */
    private static void closeIfRevoked(ServerObjs serverObjs, String group, String principal) {
        DataNode node = serverObjs.getZks().getZKDatabase().getNode(group);
        ServerCnxn cnxn = serverObjs.getCnxn();
        if (node == null || cnxn == null) {
            return;
        }
        byte[] data = node.getData();
        String kind = data == null ? "" : new String(data, StandardCharsets.UTF_8);
        if (kind.startsWith(REGISTRY) && principal.startsWith(kind.substring(REGISTRY.length()))) {
            LOG.info("session 0x{} of {} closed: {} does not list it with this credential (revoked)", Long.toHexString(cnxn.getSessionId()),
                    principal, group);
            serverObjs.getZks().closeSession(cnxn.getSessionId());
        }
    }

    private static String lastName(String path) {
        return path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
    }

    @Override
    public boolean isAuthenticated() {
        return false; // never expanded into an ACL's "auth" entries: its ACL entries name groups, not sessions
    }

    @Override
    public boolean isValid(String expression) {
        String group;
        if (expression.startsWith(MEMBER)) {
            group = expression.substring(MEMBER.length());
        } else if (expression.startsWith(SELF)) {
            group = expression.substring(SELF.length());
        } else {
            return false;
        }
        try {
            PathUtils.validatePath(group);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return !group.equals("/");
    }
}
