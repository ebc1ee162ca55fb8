package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;

/**
 * The distribution's logging configurations ({@code etc/logging}) as the launcher sets them up, loaded
 * into a real Logback: a log written far past its bound leaves no more files than allowed, none more
 * than one record past its size; the newest record is in the file being written.
 */
class LogSettingsTest {
    private static final Path DISTRIBUTION = Path.of("src/main/dist");
    private static final List<String> PROPERTIES = List.of("logback.configurationFile", "jujube.log.file",
            "jujube.log.size", "jujube.log.backups");

    @TempDir
    Path tmp;

    @AfterEach
    void clearProperties() {
        PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void a_log_written_far_past_its_bound_keeps_its_files_and_their_sizes() throws Exception {
        Path file = tmp.resolve("logs/machine-7.log");
        LogSettings settings = LogSettings.parse(Optional.of(file), "4KB", 3);
        settings.apply(DISTRIBUTION);
        LoggerContext context = configured();
        Logger log = context.getLogger("jujube.hooks.output");
        String text = "unit=blog/0 hook=install: " + "x".repeat(40);
        long records = 20_000;
        for (long i = 0; i < records; i++) {
            log.info("{} {}", text, i);
        }
        log.info("the last record");
        context.stop();

        Map<String, Long> sizes = sizes(file.getParent());
        assertEquals(List.of("machine-7.log", "machine-7.log.1", "machine-7.log.2"), List.copyOf(sizes.keySet()));
        long recordBytes = Files.readAllLines(file.resolveSibling("machine-7.log.1")).get(0).length() + 1;
        long perFile = 4096 + recordBytes;
        sizes.forEach((name, size) -> assertTrue(size <= perFile, name + " holds " + size + " bytes, over " + perFile));
        long written = records * recordBytes;
        assertTrue(written > 3 * perFile, "the test writes past the bound: " + written + " bytes");
        List<String> current = Files.readAllLines(file);
        assertTrue(current.get(current.size() - 1).endsWith("INFO jujube.hooks.output - the last record"),
                current.get(current.size() - 1));
    }

    @Test
    void without_a_file_the_log_is_standard_output() throws Exception {
        LogSettings.parse(Optional.empty(), "10MB", 5).apply(DISTRIBUTION);

        assertEquals(DISTRIBUTION.resolve("etc/logging/console.xml").toString(), System.getProperty("logback.configurationFile"));
        assertFalse(System.getProperties().containsKey("jujube.log.file"));
        configured().stop();
    }

    @Test
    void a_configuration_the_jvm_was_given_is_kept() throws Exception {
        System.setProperty("logback.configurationFile", "/etc/mine.xml");
        LogSettings.parse(Optional.of(tmp.resolve("a.log")), "10MB", 5).apply(DISTRIBUTION);

        assertEquals("/etc/mine.xml", System.getProperty("logback.configurationFile"));
    }

    @Test
    void sizes_and_counts_are_parsed_and_bounded() {
        assertEquals(10L * 1024 * 1024, LogSettings.parse(Optional.empty(), "10MB", 5).maxFileBytes());
        assertEquals(64L * 1024, LogSettings.parse(Optional.empty(), "64 kb", 2).maxFileBytes());
        assertEquals(5000, LogSettings.parse(Optional.empty(), "5000", 20).maxFileBytes());
        assertEquals("--log-size (JUJUBE_AGENT_LOG_SIZE) must be a number of bytes, KB, MB or GB, e.g. 10MB; got '10 furlongs'",
                assertThrows(IllegalArgumentException.class, () -> LogSettings.parse(Optional.empty(), "10 furlongs", 5))
                        .getMessage());
        assertEquals("--log-size (JUJUBE_AGENT_LOG_SIZE) must be from 1KB to 1GB, got '2GB'",
                assertThrows(IllegalArgumentException.class, () -> LogSettings.parse(Optional.empty(), "2GB", 5)).getMessage());
        assertEquals("--log-files (JUJUBE_AGENT_LOG_FILES) must be from 2 to 20, got 1",
                assertThrows(IllegalArgumentException.class, () -> LogSettings.parse(Optional.empty(), "10MB", 1)).getMessage());
    }

    /** A Logback context configured as the framework's is: from the file the launcher named. */
    private static LoggerContext configured() throws Exception {
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(Path.of(System.getProperty("logback.configurationFile")).toFile());
        assertTrue(new StatusUtil(context).getHighestLevel(0) < Status.WARN,
                () -> context.getStatusManager().getCopyOfStatusList().toString());
        return context;
    }

    private static Map<String, Long> sizes(Path dir) throws Exception {
        Map<String, Long> sizes = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                sizes.put(f.getFileName().toString(), Files.size(f));
            }
        }
        return sizes;
    }
}
