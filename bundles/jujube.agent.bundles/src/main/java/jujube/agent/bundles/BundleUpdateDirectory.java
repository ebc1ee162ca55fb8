package jujube.agent.bundles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.files.AtomicFiles;
import jujube.files.FileTrees;
import jujube.files.SmallFiles;

/**
 * What an agent keeps beside its deploy folder while it updates its own bundles, {@code bundle-update/}:
 * {@code staged/} holds the new jars, fetched and checked; {@code previous/} the jars they replace, copied
 * before the first is moved; {@code phase} says how far the update got; {@code cache/} keeps the jars of
 * the set before the last update, by sha256, so that a rollback needs nothing from the network.
 *
 * <p>The jars are moved into the deploy folder one by one (each a rename): an agent killed meanwhile would
 * start on a mix. So the launcher, before it starts the framework, {@linkplain #recover recovers}: while
 * the phase is {@link Phase#APPLYING} or {@link Phase#ROLLING_BACK} it puts every previous jar back and
 * leaves {@link Phase#RESTORED}, which the agent then reports as the update's failure. Once every new jar is
 * in place ({@link Phase#VERIFYING}) the new set is whole and stays.
 */
public final class BundleUpdateDirectory {
    /** How far an update got. */
    public enum Phase {
        /** No update in progress. */
        NONE,
        /** New jars are being moved into the deploy folder. */
        APPLYING,
        /** Every new jar is in place; the agent checks that the framework runs them. */
        VERIFYING,
        /** Previous jars are being moved back. */
        ROLLING_BACK,
        /** The previous jars are back after an update that did not finish; {@link #reason} says why. */
        RESTORED
    }

    private static final int MAX_PHASE_BYTES = 4096;
    private final Path deploy;
    private final Path dir;

    private BundleUpdateDirectory(Path deploy) {
        this.deploy = deploy;
        this.dir = deploy.toAbsolutePath().getParent().resolve("bundle-update");
    }

    /** The update directory of the agent whose deploy folder is {@code deployDir}. */
    public static BundleUpdateDirectory of(Path deployDir) {
        return new BundleUpdateDirectory(deployDir);
    }

    public Path deploy() {
        return deploy;
    }

    public Path dir() {
        return dir;
    }

    public Path staged() {
        return dir.resolve("staged");
    }

    public Path previous() {
        return dir.resolve("previous");
    }

    public Path cache() {
        return dir.resolve("cache");
    }

    /** The file where the agent keeps what it needs to go on with an update after a restart. */
    public Path journal() {
        return dir.resolve("journal.json");
    }

    /** The phase recorded, {@link Phase#NONE} without one. */
    public Phase phase() throws IOException {
        return readPhase().map(lines -> Phase.valueOf(lines.get(0))).orElse(Phase.NONE);
    }

    /** Why the previous jars were restored; empty unless the phase is {@link Phase#RESTORED}. */
    public String reason() throws IOException {
        return readPhase().filter(lines -> lines.size() > 1).map(lines -> lines.get(1)).orElse("");
    }

    private Optional<List<String>> readPhase() throws IOException {
        Path file = dir.resolve("phase");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        String text = new String(SmallFiles.read(file, MAX_PHASE_BYTES), StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        try {
            Phase.valueOf(lines.isEmpty() ? "" : lines.get(0));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": not an update phase: '" + (lines.isEmpty() ? "" : lines.get(0)) + "'");
        }
        return Optional.of(lines);
    }

    /** Records {@code phase} (with its reason for {@link Phase#RESTORED}) in one atomic write, or removes it. */
    public void setPhase(Phase phase, String reason) throws IOException {
        Path file = dir.resolve("phase");
        if (phase == Phase.NONE) {
            Files.deleteIfExists(file);
            AtomicFiles.syncDirectory(dir);
            return;
        }
        Files.createDirectories(dir);
        String line = reason.replace('\n', ' ');
        AtomicFiles.write(file, (phase.name() + "\n" + line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Puts each jar of {@code previous/} back into the deploy folder (each in one atomic write) and records
     * {@link Phase#RESTORED} with {@code reason}. Safe to run again after a crash in the middle.
     *
     * @return the names of the jars put back
     */
    public List<String> restorePrevious(String reason) throws IOException {
        List<String> restored = new ArrayList<>();
        if (Files.isDirectory(previous())) {
            try (Stream<Path> jars = Files.list(previous())) {
                for (Path jar : jars.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                    AtomicFiles.write(deploy.resolve(jar.getFileName()), out -> Files.copy(jar, out));
                    restored.add(jar.getFileName().toString());
                }
            }
        }
        setPhase(Phase.RESTORED, reason);
        return restored;
    }

    /**
     * What the launcher does before it starts the framework: an update cut short while jars were moving is
     * undone, so the framework starts on the previous set, whole.
     *
     * @return the jars put back, empty when there was nothing to undo
     */
    public List<String> recover() throws IOException {
        Phase phase = phase();
        if (phase == Phase.APPLYING || phase == Phase.ROLLING_BACK) {
            return restorePrevious("the agent stopped while it " + (phase == Phase.APPLYING
                    ? "moved the new bundles in" : "put the previous bundles back"));
        }
        return List.of();
    }

    /** Forgets the update: staged and previous jars, phase and journal; the cache stays. */
    public void clear() throws IOException {
        FileTrees.delete(staged());
        FileTrees.delete(previous());
        Files.deleteIfExists(journal());
        setPhase(Phase.NONE, "");
    }
}
