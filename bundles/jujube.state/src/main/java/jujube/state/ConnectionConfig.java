package jujube.state;

import jujube.access.Credential;
import jujube.access.OneTimeCredential;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How to reach ZooKeeper, and as whom.
 *
 * @param connectString comma-separated {@code host:port} list of the ensemble
 * @param sessionTimeout how long ZooKeeper keeps the session (and so the agent's presence) after the
 *     connection is lost
 * @param connectionTimeout how long one connection attempt may take
 * @param chroot optional path below which the whole environment lives, empty for the root
 * @param credentials what the session authenticates with (ZooKeeper's digest scheme): the administrator's,
 *     or a machine agent's own (its membership of the environment's group gives it what every agent may
 *     read); empty only to redeem a {@link OneTimeCredential}
 * @param tlsCaCertificate when present, the connection is TLS (through Netty) and trusts only the server
 *     certificates this authority (a PEM file) signed; else it is plain TCP
 */
public record ConnectionConfig(String connectString, Duration sessionTimeout, Duration connectionTimeout,
        String chroot, List<Credential> credentials, Optional<Path> tlsCaCertificate) {

    public ConnectionConfig {
        Objects.requireNonNull(connectString, "connectString");
        if (connectString.isBlank()) {
            throw new IllegalArgumentException("ZooKeeper connect string is empty");
        }
        for (String server : connectString.split(",")) {
            int colon = server.lastIndexOf(':');
            if (colon <= 0 || !server.substring(colon + 1).matches("[0-9]{1,5}")) {
                throw new IllegalArgumentException(
                        "ZooKeeper server '" + server + "' in '" + connectString + "' is not host:port");
            }
        }
        if (sessionTimeout.isNegative() || sessionTimeout.isZero()) {
            throw new IllegalArgumentException("session timeout must be positive, got " + sessionTimeout);
        }
        chroot = chroot == null ? "" : chroot.replaceAll("^/+|/+$", "");
        if (!chroot.isEmpty() && !chroot.matches("[A-Za-z0-9._/-]+")) {
            throw new IllegalArgumentException("chroot '" + chroot + "' has characters a ZooKeeper path cannot hold");
        }
        credentials = List.copyOf(credentials == null ? List.of() : credentials);
        Objects.requireNonNull(tlsCaCertificate, "tlsCaCertificate");
    }

    /** A plain TCP connection authenticating with {@code credentials}. */
    public ConnectionConfig(String connectString, Duration sessionTimeout, Duration connectionTimeout, String chroot,
            List<Credential> credentials) {
        this(connectString, sessionTimeout, connectionTimeout, chroot, credentials, Optional.empty());
    }

    /**
     * This configuration over TLS, trusting the authority whose certificate is in {@code caCertificate}.
     *
     * @since 3.2
     */
    public ConnectionConfig withTls(Path caCertificate) {
        return new ConnectionConfig(connectString, sessionTimeout, connectionTimeout, chroot, credentials,
                Optional.of(caCertificate.toAbsolutePath()));
    }

    /** Without credentials. */
    public ConnectionConfig(String connectString, Duration sessionTimeout, Duration connectionTimeout, String chroot) {
        this(connectString, sessionTimeout, connectionTimeout, chroot, List.of());
    }

    /** The defaults an agent on one host uses, without credentials. */
    public static ConnectionConfig of(String connectString) {
        return new ConnectionConfig(connectString, Duration.ofSeconds(15), Duration.ofSeconds(10), "");
    }

    /**
     * The same, authenticating with {@code credentials} instead.
     *
     * @since 3.2
     */
    public ConnectionConfig withCredentials(List<Credential> credentials) {
        return new ConnectionConfig(connectString, sessionTimeout, connectionTimeout, chroot, credentials,
                tlsCaCertificate);
    }
}
