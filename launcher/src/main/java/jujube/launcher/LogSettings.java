package jujube.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where an agent's log goes and how far it may grow, handed to the framework's Logback through system
 * properties (read when the first bundle logs): with a file, {@code etc/logging/rolling.xml} of the
 * distribution writes it and renames it {@code FILE.1} (the older ones {@code FILE.2} ...) once it is
 * past {@code maxFileBytes}, keeping at most {@code files} files; without one,
 * {@code etc/logging/console.xml} writes to standard output. A {@code logback.configurationFile} the
 * JVM was given (through {@code JUJUBE_AGENT_JAVA_OPTS}) is left as it is.
 *
 * @param file the log file, empty for standard output
 * @param maxFileBytes the size past which a file is rolled
 * @param files how many files are kept, the one being written included
 */
record LogSettings(Optional<Path> file, long maxFileBytes, int files) {
    static final long MIN_FILE_BYTES = 1024;
    static final long MAX_FILE_BYTES = 1024L * 1024 * 1024;
    /** Logback's fixed window holds at most 20 renamed files; the agents keep fewer. */
    static final int MAX_FILES = 20;
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})\\s*(|KB|MB|GB)", Pattern.CASE_INSENSITIVE);

    /**
     * Parses the options' values, naming the one that is wrong.
     *
     * @param size bytes, or a number with {@code KB}, {@code MB} or {@code GB} (powers of 1024)
     * @param files how many files to keep, 2 to {@value #MAX_FILES}
     */
    static LogSettings parse(Optional<Path> file, String size, int files) {
        Matcher m = SIZE.matcher(size.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("--log-size (JUJUBE_AGENT_LOG_SIZE) must be a number of bytes,"
                    + " KB, MB or GB, e.g. 10MB; got '" + size + "'");
        }
        long unit = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "KB" -> 1024L;
            case "MB" -> 1024L * 1024;
            case "GB" -> 1024L * 1024 * 1024;
            default -> 1L;
        };
        long bytes = Long.parseLong(m.group(1)) * unit;
        if (bytes < MIN_FILE_BYTES || bytes > MAX_FILE_BYTES) {
            throw new IllegalArgumentException("--log-size (JUJUBE_AGENT_LOG_SIZE) must be from 1KB to 1GB, got '" + size + "'");
        }
        if (files < 2 || files > MAX_FILES) {
            throw new IllegalArgumentException("--log-files (JUJUBE_AGENT_LOG_FILES) must be from 2 to " + MAX_FILES
                    + ", got " + files);
        }
        return new LogSettings(file.map(f -> f.toAbsolutePath().normalize()), bytes, files);
    }

    /** Points Logback at the distribution's configuration for this log, and creates the log's directory. */
    void apply(Path distribution) throws IOException {
        Path config = distribution.resolve("etc").resolve("logging").resolve(file.isPresent() ? "rolling.xml" : "console.xml");
        if (file.isPresent()) {
            Path dir = file.get().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            System.setProperty("jujube.log.file", file.get().toString());
            System.setProperty("jujube.log.size", Long.toString(maxFileBytes));
            System.setProperty("jujube.log.backups", Integer.toString(files - 1));
        }
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", config.toString());
        }
    }
}
