package jujube.lib.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.util.FileSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Under the usual umask (022), the log file and the ones made at each roll are owner-only all the same. */
class OwnerOnlyRollingFileAppenderTest {
    @TempDir
    Path tmp;

    @Test
    void the_first_file_and_every_file_made_at_a_roll_are_owner_only() throws Exception {
        Path log = tmp.resolve("logs/agent.log");
        LoggerContext context = new LoggerContext();
        OwnerOnlyRollingFileAppender<ILoggingEvent> appender = new OwnerOnlyRollingFileAppender<>();
        appender.setContext(context);
        appender.setFile(log.toString());
        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(appender);
        rolling.setFileNamePattern(log + ".%i");
        rolling.setMinIndex(1);
        rolling.setMaxIndex(2);
        rolling.start();
        FileSizeTriggeringPolicy<ILoggingEvent> trigger = new FileSizeTriggeringPolicy<>();
        trigger.setMaxFileSize(FileSize.valueOf("1KB"));
        trigger.start();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%msg%n");
        encoder.start();
        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.setEncoder(encoder);
        appender.start();
        var logger = context.getLogger("test");
        logger.addAppender(appender);
        for (int i = 0; i < 100; i++) {
            logger.info("relation-set by a hook, record {} of a burst that rolls the file twice", i);
        }
        appender.stop();

        for (Path file : new Path[] {log, Path.of(log + ".1"), Path.of(log + ".2")}) {
            assertTrue(Files.exists(file), file + " was written");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
    }
}
