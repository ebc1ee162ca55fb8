package jujube.state.internal;

import java.security.NoSuchAlgorithmException;
import jujube.state.Credential;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;

/**
 * The names of an environment's principals and the ZooKeeper identities that ACL entries name. A machine,
 * unit or service principal is named after its node ({@code machine-0000000003}), so the policy reads it
 * off a path.
 */
final class Principals {
    static final String ADMIN = Credential.ADMIN;
    /** Held by every agent besides its own principal: what every agent may read. */
    static final String ENVIRONMENT = "environment";
    static final String DIGEST = "digest";
    /** One-time principals: {@code otp-} and random hex. */
    static final String ONE_TIME_PREFIX = "otp-";

    private Principals() {}

    static boolean isMachine(String principal) {
        return principal.startsWith("machine-");
    }

    static boolean isUnit(String principal) {
        return principal.startsWith("unit-");
    }

    /** The identity ACL entries name for this credential: {@code principal:base64(sha1(principal:secret))}. */
    static Id id(Credential credential) {
        try {
            return new Id(DIGEST, DigestAuthenticationProvider.generateDigest(credential.principal() + ":" + credential.secret()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-1, which ZooKeeper's digest scheme needs", e);
        }
    }

    /** The bytes {@code addAuthInfo} takes for this credential. */
    static byte[] auth(Credential credential) {
        return (credential.principal() + ":" + credential.secret()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
