package jujube.lib.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only the server's benign race is dropped: the same logger's other records, and other loggers, pass. */
class CancelledSelectionKeyFilterTest {
    @Test
    void only_a_cancelled_key_in_the_servers_connection_factory_is_dropped() {
        LoggerContext context = new LoggerContext();
        CancelledSelectionKeyFilter filter = new CancelledSelectionKeyFilter();
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        ListAppender<ILoggingEvent> records = new ListAppender<>();
        records.setContext(context);
        records.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(records);
        Logger server = context.getLogger(CancelledSelectionKeyFilter.SERVER_CONNECTIONS);
        Logger other = context.getLogger("org.apache.zookeeper.server.NIOServerCnxn");

        server.warn("Ignoring unexpected runtime exception", new CancelledKeyException());
        server.warn("Ignoring unexpected runtime exception {}", "arg", new CancelledKeyException());
        server.warn("Error accepting new connection", new IOException("Too many connections"));
        server.warn("Ignoring unexpected runtime exception", new IllegalStateException("something else"));
        other.warn("Unexpected exception", new CancelledKeyException());

        List<String> kept = records.list.stream()
                .map(e -> e.getLoggerName() + ": " + e.getThrowableProxy().getClassName())
                .toList();
        assertEquals(
                List.of(
                        CancelledSelectionKeyFilter.SERVER_CONNECTIONS + ": java.io.IOException",
                        CancelledSelectionKeyFilter.SERVER_CONNECTIONS + ": java.lang.IllegalStateException",
                        "org.apache.zookeeper.server.NIOServerCnxn: java.nio.channels.CancelledKeyException"),
                kept);
    }
}
