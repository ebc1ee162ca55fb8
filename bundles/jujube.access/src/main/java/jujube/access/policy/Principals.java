package jujube.access.policy;

import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import jujube.access.Credential;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * The names of an environment's principals and groups, and the ZooKeeper identities that ACL entries
 * name. A machine or unit principal is named after its node ({@code machine-0000000003}), so the policy
 * reads it off a path.
 *
 * <p>A right shared by many principals is granted to a <em>group</em> (ZooKeeper's scheme {@value #GROUP},
 * served by {@code jujube.zookeeper.auth}): the node {@code /auth/groups/<group>}, whose children are its
 * members, each named after its principal and holding that principal's digest. {@value #ENVIRONMENT} lists
 * every machine (what every agent may read, it reads through it); each service's group, named after the
 * service ({@code service-0000000002}), lists its units. Leaving a group takes the right from every ACL
 * naming it at once; the environment's group is a registry: a machine's session that it no longer lists
 * is closed by the server.
 */
public final class Principals {
    public static final String ADMIN = Credential.ADMIN;
    /** The group of every machine: what every agent may read. */
    public static final String ENVIRONMENT = "environment";
    public static final String DIGEST = "digest";
    /** ZooKeeper's scheme of group rights (jujube.zookeeper.auth's GroupAuthenticationProvider). */
    public static final String GROUP = "jujube";
    /** One-time principals: {@code otp-} and random hex. */
    public static final String ONE_TIME_PREFIX = "otp-";
    /** The groups' directory. */
    public static final String GROUPS = "/auth/groups";
    /** The data of the environment's group: a registry of every live machine (see the scheme's provider). */
    public static final byte[] MACHINE_REGISTRY = "registry:machine-".getBytes(StandardCharsets.UTF_8);

    private Principals() {}

    public static boolean isMachine(String principal) {
        return principal.startsWith("machine-");
    }

    public static boolean isUnit(String principal) {
        return principal.startsWith("unit-");
    }

    /** The node of a group: its children are its members. */
    public static String group(String group) {
        return GROUPS + "/" + group;
    }

    /** The node that makes {@code principal} a member of {@code group}. */
    public static String membership(String group, String principal) {
        return group(group) + "/" + principal;
    }

    /** What a membership node holds: the member's identity, as its sessions have it. */
    public static byte[] membershipData(Credential credential) {
        return id(credential).getId().getBytes(StandardCharsets.UTF_8);
    }

    /** The ACL identity of every member of {@code group} ({@code namespace}: the environment's chroot path, or empty). */
    public static Id memberOf(String namespace, String group) {
        return new Id(GROUP, "member:" + namespace + group(group));
    }

    /** The ACL identity of a member of {@code group}, for the child named after itself only. */
    public static Id selfIn(String namespace, String group) {
        return new Id(GROUP, "self:" + namespace + group(group));
    }

    /** The identity ACL entries name for this credential: {@code principal:base64(sha1(principal:secret))}. */
    public static Id id(Credential credential) {
        try {
            return new Id(DIGEST, DigestAuthenticationProvider.generateDigest(credential.principal() + ":" + credential.secret()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-1, which ZooKeeper's digest scheme needs", e);
        }
    }

    /** The bytes {@code addAuthInfo} takes for this credential, in either scheme. */
    public static byte[] auth(Credential credential) {
        return (credential.principal() + ":" + credential.secret()).getBytes(StandardCharsets.UTF_8);
    }

    /** Whether a session authenticates with this credential as a member of groups too (everyone but the administrator). */
    public static boolean joinsGroups(Credential credential) {
        return isMachine(credential.principal()) || isUnit(credential.principal());
    }
}
