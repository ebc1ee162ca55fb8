package jujube.access;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A principal's ZooKeeper digest credential: the name that ACL entries grant to and the secret that
 * proves it (ZooKeeper's {@code digest} scheme; the server stores only {@code name:base64(sha1(name:secret))}
 * in ACLs). {@link #toString()} never shows the secret, so a credential may reach a log line by mistake
 * without leaking.
 *
 * @param principal the name: {@code admin}, {@code environment}, {@code machine-0000000003}, ...
 * @param secret the secret, URL-safe base64 without padding
 */
public record Credential(String principal, String secret) {
    /** The environment's administrator: the command line and the controller. */
    public static final String ADMIN = "admin";
    private static final Pattern PRINCIPAL = Pattern.compile("[a-z][a-z0-9-]{0,63}");
    private static final Pattern SECRET = Pattern.compile("[A-Za-z0-9_-]{16,128}");
    private static final SecureRandom RANDOM = new SecureRandom();

    public Credential {
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(secret, "secret");
        if (!PRINCIPAL.matcher(principal).matches()) {
            throw new IllegalArgumentException("'" + principal + "' is not a principal name (lower-case letters, digits"
                    + " and '-', at most 64)");
        }
        if (!SECRET.matcher(secret).matches()) {
            throw new IllegalArgumentException("the secret of " + principal + " is not 16 to 128 characters of"
                    + " URL-safe base64");
        }
    }

    /** A new credential for {@code principal} with 256 random bits of secret. */
    public static Credential generate(String principal) {
        byte[] bits = new byte[32];
        RANDOM.nextBytes(bits);
        return new Credential(principal, Base64.getUrlEncoder().withoutPadding().encodeToString(bits));
    }

    /** Whether this is the administrator's credential. */
    public boolean isAdmin() {
        return ADMIN.equals(principal);
    }

    @Override
    public String toString() {
        return "Credential[" + principal + "]";
    }
}
