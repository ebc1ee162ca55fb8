package jujube.lib.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.nio.channels.CancelledKeyException;
import org.slf4j.Marker;

/**
 * Drops the stack trace ZooKeeper's server logs when a connection is closed while its selector thread is
 * looking at it. The thread checks that the connection's key is valid and then asks what it is ready
 * for; a connection closed by another thread in between (an agent killed, a revoked machine's sessions
 * closed) cancels the key, the second question throws {@link CancelledKeyException}, and the thread logs
 * "Ignoring unexpected runtime exception" with the trace and goes on selecting, with nothing lost. The
 * connection's end is reported already, in one line, by whoever ended it. Every other record of the
 * server's connection factory (a refused connection, too many connections from one address) passes.
 */
public final class CancelledSelectionKeyFilter extends TurboFilter {
    static final String SERVER_CONNECTIONS = "org.apache.zookeeper.server.NIOServerCnxnFactory";

    @Override
    public FilterReply decide(
            Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (logger == null || !SERVER_CONNECTIONS.equals(logger.getName())) {
            return FilterReply.NEUTRAL;
        }
        Throwable thrown = t;
        if (thrown == null && params != null && params.length > 0
                && params[params.length - 1] instanceof Throwable last) {
            thrown = last;
        }
        return thrown instanceof CancelledKeyException ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
