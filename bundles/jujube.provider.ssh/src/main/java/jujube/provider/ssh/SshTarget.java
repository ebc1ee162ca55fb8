package jujube.provider.ssh;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A host to reach over SSH, as the operator writes it: {@code ssh:[USER@]HOST}. Without a user, ssh's own
 * choice applies (its configuration, else the operator's login name). It is also the instance id of the
 * machine installed there.
 *
 * @param user the login name, when given
 * @param host a host name or an IPv4 address
 */
public record SshTarget(Optional<String> user, String host) {
    public static final String PREFIX = "ssh:";
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?");

    public SshTarget {
        Objects.requireNonNull(user, "user");
        if (user.isPresent() && !USER.matcher(user.get()).matches()) {
            throw new IllegalArgumentException("'" + user.get() + "' is not a user name (letters, digits, '_', '.', '-')");
        }
        if (host == null || !HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("'" + host + "' is not a host name or an IPv4 address");
        }
    }

    /**
     * Parses {@code ssh:[USER@]HOST}.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code text}
     */
    public static SshTarget parse(String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            throw new IllegalArgumentException("'" + text + "' is not ssh:[USER@]HOST");
        }
        String rest = text.substring(PREFIX.length());
        if (rest.contains(":") || rest.contains("[")) {
            throw new IllegalArgumentException("'" + text + "': give a host name or an IPv4 address (no port or IPv6;"
                    + " a port goes in ~/.ssh/config)");
        }
        int at = rest.indexOf('@');
        try {
            return at < 0 ? new SshTarget(Optional.empty(), rest)
                    : new SshTarget(Optional.of(rest.substring(0, at)), rest.substring(at + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not ssh:[USER@]HOST: " + e.getMessage());
        }
    }

    /** What ssh is given: {@code USER@HOST} or {@code HOST}. */
    public String destination() {
        return user.map(u -> u + "@" + host).orElse(host);
    }

    /** The instance id of the machine installed there, {@code ssh:[USER@]HOST}. */
    public String instanceId() {
        return PREFIX + destination();
    }

    @Override
    public String toString() {
        return instanceId();
    }
}
