package jujube.hooks.protocol;

import java.time.Duration;
import java.util.Objects;

/**
 * Bounds on what clients may cost the agent.
 *
 * @param maxConnections connections served at once; each holds one thread named
 *                       {@code jujube-hooksocket-N} while it is open
 * @param maxQueued      accepted connections waiting for a free thread; beyond this a new connection is
 *                       answered with a {@code BadRequest} "agent busy" error and closed
 * @param idleTimeout    how long a connection may sit without completing a frame before it is closed,
 *                       so that a stalled or malicious client cannot hold a thread
 */
public record ServerLimits(int maxConnections, int maxQueued, Duration idleTimeout) {
    public ServerLimits {
        if (maxConnections < 1 || maxQueued < 0) {
            throw new IllegalArgumentException("maxConnections >= 1 and maxQueued >= 0");
        }
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idleTimeout must be positive");
        }
    }

    /** 16 threads, 256 waiting connections, 10 s idle timeout: far more than a hook's subshells need. */
    public static ServerLimits defaults() {
        return new ServerLimits(16, 256, Duration.ofSeconds(10));
    }
}
