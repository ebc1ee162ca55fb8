package jujube.hooks.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import jujube.files.CorruptFileException;
import jujube.files.SmallFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit's running hook, as {@code <unitDir>/state/hook-process.json} records it: the pid leading the
 * hook's process group, that process's start time (field 22 of {@code /proc/<pid>/stat}, clock ticks since
 * boot: a pid reused by another process after the hook ended does not match), the hook, when it started and
 * its timeout. Written as soon as the hook's process exists and blanked (overwritten with spaces) once the
 * invoker is done with it: the file stays from hook to hook and is overwritten in place, in one write of less
 * than a page, because making a new file per hook cost a filesystem inode allocation (a fifth of the agent's
 * CPU in a convergence of short relation hooks, {@code bench/e2e/RESULTS.md}). An absent or blank file records
 * no hook. A hook leads its own session, so when the agent is killed (kill -9) the hook goes on; the
 * agent's successor finds the record at its start and {@link #awaitOrphan() waits} for that hook to end
 * (killing its group once its timeout is past) before it runs any hook: two hooks of one unit never run at
 * once. Whether the cut hook runs again is the persisted workflow's and queue's decision, as after any crash.
 * An invalid record ({@link #read}) stops the runner from starting: the unit agent reports it.
 */
final class HookProcessRecord {
    private static final Logger LOG = LoggerFactory.getLogger(HookProcessRecord.class);
    private static final int VERSION = 1;
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);
    /** A record takes about 150 bytes; anything larger than this is not one, and is refused unread. */
    static final int MAX_BYTES = 64 * 1024;
    /** The hook's name is only told in log lines; cut, it keeps a record within one page. */
    private static final int MAX_HOOK_CHARS = 256;
    private static final FileAttribute<?> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private final Path file;
    private final ObjectMapper mapper;
    private final ProcessGroups groups;
    private final Clock clock;
    private final String unit;

    /** What a record holds. */
    record Entry(long pid, long startTicks, String hook, Instant startedAt, Duration timeout) {}

    HookProcessRecord(String unit, Path unitDir, ObjectMapper mapper, ProcessGroups groups, Clock clock) {
        this.unit = unit;
        this.file = unitDir.resolve("state").resolve("hook-process.json");
        this.mapper = mapper;
        this.groups = groups;
        this.clock = clock;
    }

    Path file() {
        return file;
    }

    /**
     * Records the hook's process. A quick hook may have ended (and been reaped) already: then there is nothing
     * that could outlive the agent, and nothing is recorded. So is it when the pid names a process that is not
     * this JVM's child (the pid reused in between): a live hook is always its agent's child.
     *
     * @throws UncheckedIOException when it cannot be written (the invoker then kills the hook)
     */
    void started(String hook, long pid, Duration timeout) {
        OptionalLong started = ownChildStartTicks(pid);
        if (started.isEmpty()) {
            LOG.debug("unit {}: hook {} (pid {}) ended before its process was recorded", unit, hook, pid);
            return;
        }
        long ticks = started.getAsLong();
        ObjectNode node = mapper.createObjectNode().put("version", VERSION).put("pid", pid).put("start_ticks", ticks)
                .put("hook", hook.length() > MAX_HOOK_CHARS ? hook.substring(0, MAX_HOOK_CHARS) : hook)
                .put("started_at", clock.instant().toString()).put("timeout_ms", timeout.toMillis());
        try {
            overwrite(mapper.writeValueAsBytes(node));
        } catch (IOException e) {
            throw new UncheckedIOException("could not record hook " + hook + " of " + unit + " in " + file, e);
        }
    }

    /** The hook ended (or was never started): nothing of it runs any more. */
    void ended() {
        try {
            overwrite(new byte[0]);
        } catch (IOException e) {
            // harmless: the next start finds a record whose process is gone (or not the same) and drops it
            LOG.warn("unit {}: could not blank {}: {}", unit, file, e.toString());
        }
    }

    /** Removes the record an earlier agent left, whatever its size; the next hook's record makes it again. */
    private void remove() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("unit {}: could not remove {}: {}", unit, file, e.toString());
        }
    }

    /**
     * Writes {@code record} over the file's start, padded with spaces to the file's length, in one write.
     * Not fsynced: the record guards against a killed agent, whose writes the kernel keeps (a write within
     * one page is never cut in two by a signal); a power loss ends the hook too, and a record it left
     * damaged is dropped (see {@link #read}). Made owner-only when missing.
     */
    private void overwrite(byte[] record) throws IOException {
        if (!Files.isDirectory(file.getParent())) {
            Files.createDirectories(file.getParent());
        }
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE),
                OWNER_ONLY)) {
            int length = (int) Math.max(record.length, Math.min(channel.size(), MAX_BYTES));
            ByteBuffer padded = ByteBuffer.allocate(length).put(record);
            while (padded.hasRemaining()) {
                padded.put((byte) ' ');
            }
            padded.flip();
            while (padded.hasRemaining()) {
                channel.write(padded, padded.position());
            }
        }
    }

    /**
     * Waits until the hook an earlier agent left running has ended, killing its process group once its
     * timeout is past, then removes the record. Returns at once when there is no record, or its process is
     * gone or another by now.
     *
     * @throws InterruptedException when the agent stops meanwhile: the record stays for the next start
     * @throws CorruptFileException when the record is invalid (see {@link #read}); it stays for the operator
     */
    void awaitOrphan() throws InterruptedException, CorruptFileException {
        Optional<Entry> recorded = read();
        if (recorded.isEmpty()) {
            return;
        }
        Entry entry = recorded.get();
        if (isAlive(entry)) {
            Optional<ProcessHandle> handle = ProcessHandle.of(entry.pid());
            LOG.warn("unit {}: hook {} (pid {}) of an earlier agent still runs; waiting for it to end before "
                    + "running any hook", unit, entry.hook(), entry.pid());
            boolean ended = handle.isEmpty() || awaitExit(handle.get(), remaining(entry));
            if (!ended && isAlive(entry)) {
                LOG.warn("unit {}: hook {} (pid {}) ran past its timeout of {} s; killing its process group", unit,
                        entry.hook(), entry.pid(), entry.timeout().toSeconds());
                groups.killGroup(entry.pid());
                if (!awaitExit(handle.get(), Optional.of(KILL_WAIT)) && isAlive(entry)) {
                    throw new IllegalStateException("unit " + unit + ": hook " + entry.hook() + " (pid "
                            + entry.pid() + ") survived SIGKILL of its group");
                }
            }
            LOG.info("unit {}: the earlier agent's hook {} (pid {}) ended", unit, entry.hook(), entry.pid());
        }
        remove();
    }

    /** Empty: no deadline (no timeout). */
    private Optional<Duration> remaining(Entry entry) {
        if (entry.timeout().isZero()) {
            return Optional.empty();
        }
        Duration left = Duration.between(clock.instant(), entry.startedAt().plus(entry.timeout()));
        return Optional.of(left.isNegative() ? Duration.ZERO : left);
    }

    private static boolean awaitExit(ProcessHandle handle, Optional<Duration> limit) throws InterruptedException {
        try {
            if (limit.isEmpty()) {
                handle.onExit().get();
            } else {
                handle.onExit().get(Math.max(1, limit.get().toMillis()), TimeUnit.MILLISECONDS);
            }
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !handle.isAlive();
        }
    }

    /** Whether the recorded process still runs: same pid, same start time, not a zombie. */
    static boolean isAlive(Entry entry) {
        return startTicks(entry.pid()).orElse(-1) == entry.startTicks();
    }

    /** Field 22 of {@code /proc/<pid>/stat}, empty when there is no such live (non-zombie) process. */
    static OptionalLong startTicks(long pid) {
        return stat(pid).map(fields -> OptionalLong.of(Long.parseLong(fields[19]))).orElse(OptionalLong.empty());
    }

    /** As {@link #startTicks}, and empty too when the process is not this JVM's child (field 4, ppid). */
    private static OptionalLong ownChildStartTicks(long pid) {
        return stat(pid).filter(fields -> fields[1].equals(Long.toString(ProcessHandle.current().pid())))
                .map(fields -> OptionalLong.of(Long.parseLong(fields[19]))).orElse(OptionalLong.empty());
    }

    /** The fields of {@code /proc/<pid>/stat} from field 3 (state) on, for a live, non-zombie process. */
    private static Optional<String[]> stat(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // after "pid (comm) " come field 3 (state) onwards; comm may hold spaces and parentheses
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            if (fields.length < 20 || fields[0].equals("Z") || fields[0].equals("X")) {
                return Optional.empty();
            }
            Long.parseLong(fields[19]);
            return Optional.of(fields);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // gone (NoSuchFileException), or not a stat line we can read
        }
    }

    /**
     * The record, checked field by field; empty when there is none. A record the machine's last boot
     * ended with is dropped whatever it holds (a power loss can leave it damaged, as it is not fsynced,
     * and its hook died with everything else). Any other invalid record is corrupt: whether a hook of an
     * earlier agent still runs cannot be told from it, so no hook may start.
     */
    private Optional<Entry> read() throws CorruptFileException {
        byte[] bytes;
        try {
            bytes = SmallFiles.read(file, MAX_BYTES);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (CorruptFileException e) {
            return dropIfBeforeBoot(e);
        } catch (IOException e) {
            return dropIfBeforeBoot(new CorruptFileException(file, "unreadable (" + e.getMessage() + ")", e));
        }
        if (isBlank(bytes)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(bytes));
        } catch (CorruptFileException e) {
            return dropIfBeforeBoot(e);
        }
    }

    /** Whether {@code bytes} record no hook: none at all, or only the spaces {@link #ended} writes. */
    static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ') {
                return false;
            }
        }
        return true;
    }

    private Entry parse(byte[] bytes) throws CorruptFileException {
        JsonNode node;
        try {
            node = mapper.readTree(bytes);
        } catch (IOException e) {
            throw new CorruptFileException(file, "not valid JSON (" + oneLine(e) + ")", e);
        }
        if (node == null || !node.isObject()) {
            throw new CorruptFileException(file, "not a JSON object");
        }
        if (!node.path("version").isInt() || node.get("version").intValue() != VERSION) {
            throw new CorruptFileException(file, "field 'version' is not " + VERSION);
        }
        long pid = whole(node, "pid", 1);
        long startTicks = whole(node, "start_ticks", 0);
        long timeoutMs = whole(node, "timeout_ms", 0);
        if (!node.path("hook").isTextual() || node.get("hook").textValue().isEmpty()) {
            throw new CorruptFileException(file, "missing string field 'hook'");
        }
        try {
            return new Entry(pid, startTicks, node.get("hook").textValue(),
                    Instant.parse(node.path("started_at").asText()), Duration.ofMillis(timeoutMs));
        } catch (DateTimeParseException e) {
            throw new CorruptFileException(file, "field 'started_at' is not a time: '" + node.path("started_at").asText()
                    + "'");
        }
    }

    private long whole(JsonNode node, String field, long min) throws CorruptFileException {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min) {
            throw new CorruptFileException(file, "field '" + field + "' is not a whole number of at least " + min);
        }
        return value.longValue();
    }

    private Optional<Entry> dropIfBeforeBoot(CorruptFileException e) throws CorruptFileException {
        Optional<Instant> boot = bootTime();
        try {
            if (boot.isPresent() && Files.getLastModifiedTime(file).toInstant().isBefore(boot.get())) {
                LOG.info("unit {}: dropping {} from before the machine's last boot: {}", unit, file, e.problem());
                remove();
                return Optional.empty();
            }
        } catch (IOException ignored) {
            // no time to compare: corrupt, as it says
        }
        throw e;
    }

    /** When the machine booted ({@code btime} of {@code /proc/stat}); empty when it cannot be told. */
    private static Optional<Instant> bootTime() {
        try {
            return Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.startsWith("btime "))
                    .map(l -> Instant.ofEpochSecond(Long.parseLong(l.substring(6).strip()))).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String oneLine(IOException e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        return String.valueOf(message).replaceAll("\\s+", " ");
    }
}
