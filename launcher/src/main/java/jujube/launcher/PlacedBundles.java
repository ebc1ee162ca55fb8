package jujube.launcher;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import jujube.files.AtomicFiles;

/**
 * What the distribution last placed in a deploy folder: the sha256 of each bundle it copied there, by
 * symbolic name, in the hidden file {@code .distribution} (FileInstall ignores dot files). A deployed
 * jar whose bytes are still those the distribution placed belongs to the distribution and follows it,
 * whatever the versions say (our builds keep one version from build to build); any other jar there was
 * dropped by an operator.
 */
final class PlacedBundles {
    static final String FILE_NAME = ".distribution";
    /** A line per bundle of the distribution, under 100 bytes each: a larger file is not a record, and is not read. */
    static final long MAX_BYTES = 64 * 1024;

    private final Path file;
    private final Map<String, String> sha256BySymbolicName;

    private PlacedBundles(Path file, Map<String, String> sha256BySymbolicName) {
        this.file = file;
        this.sha256BySymbolicName = sha256BySymbolicName;
    }

    /**
     * Reads the record of a deploy folder; none yet, or one that cannot be read (over {@link #MAX_BYTES}, checked
     * first, or not a record), is an empty record.
     */
    static PlacedBundles in(Path deployDir) {
        Path file = deployDir.resolve(FILE_NAME);
        Map<String, String> entries = new TreeMap<>();
        try {
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                throw new IOException("not a regular file"); // a fifo would block the launcher
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new IOException(Files.size(file) + " bytes, over the limit of " + MAX_BYTES);
            }
        } catch (NoSuchFileException e) {
            return new PlacedBundles(file, entries);
        } catch (IOException e) {
            System.err.println("jujube-agent: ignoring unreadable " + file + ": " + e.getMessage());
            return new PlacedBundles(file, entries);
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            Properties p = new Properties();
            p.load(in);
            // a torn or hand-edited record only makes its jars look like an operator's: the old rule
            for (String name : p.stringPropertyNames()) {
                String sha = p.getProperty(name).trim();
                if (sha.matches("[0-9a-f]{64}")) {
                    entries.put(name, sha);
                }
            }
        } catch (NoSuchFileException e) {
            // a folder the distribution never placed anything in
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("jujube-agent: ignoring unreadable " + file + ": " + e.getMessage());
        }
        return new PlacedBundles(file, entries);
    }

    /** Whether the jar's bytes are the ones the distribution placed for this symbolic name. */
    boolean placedByDistribution(String symbolicName, String sha256) {
        return sha256.equals(sha256BySymbolicName.get(symbolicName));
    }

    /** Records that the distribution placed these bytes, durably, unless that is already recorded. */
    void record(String symbolicName, String sha256) throws IOException {
        if (placedByDistribution(symbolicName, sha256)) {
            return;
        }
        sha256BySymbolicName.put(symbolicName, sha256);
        StringBuilder text = new StringBuilder("# bundles the distribution placed here (sha256); written by the launcher\n");
        sha256BySymbolicName.forEach((name, sha) -> text.append(name).append('=').append(sha).append('\n'));
        AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    static String sha256(Path file) throws IOException {
        return jujube.files.FileDigests.sha256(file);
    }
}
