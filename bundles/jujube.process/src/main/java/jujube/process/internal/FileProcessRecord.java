package jujube.process.internal;

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
import jujube.process.ProcessRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ProcessRecord} as a JSON file: {@code {"version":1,"pid":..,"start_ticks":..,"hook":..,
 * "started_at":..,"timeout_ms":..}}, where the start time is field 22 of {@code /proc/<pid>/stat} (clock
 * ticks since boot) and {@code hook} names the process, as the unit agents that keep these files name
 * their hooks. The file stays from process to process and is overwritten in place, blanked with spaces
 * when the process ended, because making a new file per process cost a filesystem inode allocation (a
 * fifth of the agent's CPU in a convergence of short relation hooks, {@code bench/e2e/RESULTS.md}). A
 * record that is not valid stops {@link #awaitOrphan}: the owner reports it.
 *
 * @param owner names the owner in log lines
 */
record FileProcessRecord(String owner, Path file, ObjectMapper mapper, ProcessGroups groups, Clock clock)
        implements ProcessRecord {
    private static final Logger LOG = LoggerFactory.getLogger(FileProcessRecord.class);
    private static final int VERSION = 1;
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);
    /** A record takes about 150 bytes; anything larger than this is not one, and is refused unread. */
    static final int MAX_BYTES = 64 * 1024;
    /** The name is only told in log lines; cut, it keeps a record within one page. */
    private static final int MAX_NAME_CHARS = 256;
    private static final FileAttribute<?> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    /** What a record holds. */
    record Entry(long pid, long startTicks, String name, Instant startedAt, Duration timeout) {}

    /**
     * {@inheritDoc} A live process of its owner's is always this JVM's child: a quick one may have ended and
     * been reaped already, and then nothing could outlive the agent.
     */
    @Override
    public void started(String name, long pid, Duration timeout) {
        OptionalLong started = ownChildStartTicks(pid);
        if (started.isEmpty()) {
            LOG.debug("{}: {} (pid {}) ended before its process was recorded", owner, name, pid);
            return;
        }
        long ticks = started.getAsLong();
        ObjectNode node = mapper.createObjectNode().put("version", VERSION).put("pid", pid).put("start_ticks", ticks)
                .put("hook", name.length() > MAX_NAME_CHARS ? name.substring(0, MAX_NAME_CHARS) : name)
                .put("started_at", clock.instant().toString()).put("timeout_ms", timeout.toMillis());
        try {
            overwrite(mapper.writeValueAsBytes(node));
        } catch (IOException e) {
            throw new UncheckedIOException("could not record " + name + " of " + owner + " in " + file, e);
        }
    }

    @Override
    public void ended() {
        try {
            overwrite(new byte[0]);
        } catch (IOException e) {
            // harmless: the next start finds a record whose process is gone (or not the same) and drops it
            LOG.warn("{}: could not blank {}: {}", owner, file, e.toString());
        }
    }

    /** Removes the record an earlier agent left, whatever its size; the next process's record makes it again. */
    private void remove() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("{}: could not remove {}: {}", owner, file, e.toString());
        }
    }

    /**
     * Writes {@code record} over the file's start, padded with spaces to the file's length, in one write.
     * Not fsynced: the record guards against a killed agent, whose writes the kernel keeps (a write within
     * one page is never cut in two by a signal); a power loss ends the process too, and a record it left
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

    @Override
    public void awaitOrphan(java.util.function.Consumer<jujube.process.RecordedProcess> waiting)
            throws InterruptedException, CorruptFileException {
        Optional<Entry> recorded = read();
        if (recorded.isEmpty()) {
            return;
        }
        Entry entry = recorded.get();
        if (isAlive(entry)) {
            Optional<ProcessHandle> handle = ProcessHandle.of(entry.pid());
            LOG.warn("{}: {} (pid {}), started by an earlier agent, still runs; waiting for it to end before "
                    + "starting anything", owner, entry.name(), entry.pid());
            waiting.accept(new jujube.process.RecordedProcess(entry.name(), entry.pid()));
            boolean ended = handle.isEmpty() || awaitExit(handle.get(), remaining(entry));
            if (!ended && isAlive(entry)) {
                LOG.warn("{}: {} (pid {}) ran past its timeout of {} s; killing its process group", owner,
                        entry.name(), entry.pid(), entry.timeout().toSeconds());
                groups.killGroup(entry.pid());
                if (!awaitExit(handle.get(), Optional.of(KILL_WAIT)) && isAlive(entry)) {
                    throw new IllegalStateException(owner + ": " + entry.name() + " (pid " + entry.pid()
                            + ") survived SIGKILL of its group");
                }
            }
            LOG.info("{}: the earlier agent's {} (pid {}) ended", owner, entry.name(), entry.pid());
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
     * and its process died with everything else). Any other invalid record is corrupt: whether a process of
     * an earlier agent still runs cannot be told from it, so none may start.
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

    /** Whether {@code bytes} record no process: none at all, or only the spaces {@link #ended} writes. */
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
                LOG.info("{}: dropping {} from before the machine's last boot: {}", owner, file, e.problem());
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
