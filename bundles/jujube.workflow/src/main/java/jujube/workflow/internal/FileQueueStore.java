package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import jujube.files.AtomicFiles;
import jujube.files.SmallFiles;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.QueueState;
import jujube.workflow.QueueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit relation's hook queue in a journal file: a header line, a line with the whole state
 * ({@link QueueCodec}), then one line per save with what that save changed ({@link QueueDelta}), each
 * line after its CRC-32: {@code 5f0e2a71 {"pending_splices":[[0,1,[]]],..}}. A save appends and fsyncs one
 * line of the size of its change, not of the queue (a queue is saved up to four times per relation
 * hook). Once the journal would pass {@link #COMPACT_AT_BYTES} or four times its full line, whichever is
 * larger, the save replaces it atomically with the header and a full line of its state: a compaction
 * costs one full line and comes after at least three full lines' worth of deltas, so it is amortized.
 *
 * <p>The state is the full line with every whole delta after it applied. Lines after the last whole one
 * are a save that a kill or a power loss cut short: it never returned, so dropping it loses nothing that
 * was acknowledged, and the next save replaces the file instead of appending behind the damage. A damaged
 * line followed by a whole one is corruption, reported, never skipped. A file of another version is
 * refused.
 */
public final class FileQueueStore implements QueueStore {
    static final int VERSION = 4;
    static final String HEADER = "{\"version\":" + VERSION + ",\"format\":\"hook queue journal\"}";
    static final int COMPACT_AT_BYTES = 64 * 1024;
    /** A journal may grow to this many times its full line before it is compacted. */
    static final int COMPACT_FACTOR = 4;
    /**
     * Checked before reading. A journal is compacted before it passes half of it, whatever its full line,
     * so the limit is only reached by a state of over 8 MB (a line holds the units' names and at most one
     * executed hook's effects: relation settings, each under ZooKeeper's 1 MB node limit).
     */
    public static final int MAX_BYTES = 16 << 20;
    private static final byte[] HEADER_LINE = (HEADER + "\n").getBytes(StandardCharsets.UTF_8);
    private static final Logger LOG = LoggerFactory.getLogger(FileQueueStore.class);

    private final Path file;
    private final ObjectMapper mapper;
    private final QueueCodec codec;
    private final QueueDelta delta;
    /** The state the journal holds as this store last wrote or read it; null when the next save must replace the file. */
    private QueueState written;
    /** The journal's length, and that of its full line, as this store last saw them. */
    private long journalBytes;
    private long fullLineBytes;

    public FileQueueStore(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper;
        this.codec = new QueueCodec(mapper);
        this.delta = new QueueDelta();
    }

    @Override
    public QueueState load() {
        written = null;
        byte[] content;
        try {
            content = SmallFiles.read(file, MAX_BYTES);
        } catch (NoSuchFileException e) {
            return QueueState.empty();
        } catch (IOException e) {
            throw JsonReader.unreadable(file, e);
        }
        int headerEnd = indexOf(content, (byte) '\n', 0);
        JsonReader header = new JsonReader(file);
        header.requireVersion(header.parse(mapper, headerEnd < 0 ? content : Arrays.copyOf(content, headerEnd)),
                VERSION);
        return loadJournal(content, headerEnd < 0 ? content.length : headerEnd + 1);
    }

    private QueueState loadJournal(byte[] content, int headerBytes) {
        int firstDamaged = 0; // line numbers count the header as line 1
        List<byte[]> whole = new ArrayList<>();
        int lineNumber = 2;
        for (int start = headerBytes; start < content.length; lineNumber++) {
            int end = indexOf(content, (byte) '\n', start);
            byte[] payload = end < 0 ? null : verified(content, start, end);
            if (payload == null) {
                firstDamaged = firstDamaged == 0 ? lineNumber : firstDamaged;
            } else if (firstDamaged != 0) {
                throw new CorruptStateFileException(file, "line " + firstDamaged
                        + " is damaged (checksum or end of line missing) but line " + lineNumber + " is whole");
            } else {
                whole.add(payload);
                fullLineBytes = whole.size() == 1 ? end + 1 - start : fullLineBytes;
            }
            start = end < 0 ? content.length : end + 1;
        }
        if (whole.isEmpty()) {
            throw new CorruptStateFileException(file, "no whole queue state after the header");
        }
        JsonReader json = new JsonReader(file, "line 2");
        QueueReplay replay = codec.decode(json, json.parse(mapper, whole.get(0)));
        for (int i = 1; i < whole.size(); i++) {
            json = new JsonReader(file, "line " + (i + 2));
            QueueDelta.apply(json, json.parse(mapper, whole.get(i)), replay);
        }
        QueueState state = replay.state(json);
        if (firstDamaged != 0) {
            LOG.info("{}: dropped an unfinished save from line {} on (the process died while writing it)",
                    file, firstDamaged);
        } else {
            written = state;
            journalBytes = content.length;
        }
        return state;
    }

    @Override
    public void save(QueueState state) {
        try {
            if (written != null) {
                ObjectNode change = delta.encode(mapper.createObjectNode(), written, state);
                if (change == null) {
                    return; // the journal holds this state already
                }
                byte[] line = line(change);
                if (journalBytes + line.length <= compactAt()) {
                    try {
                        AtomicFiles.append(file, line);
                        journalBytes += line.length;
                        written = state;
                        return;
                    } catch (NoSuchFileException e) {
                        // removed behind this store's back: start a new journal
                    }
                }
            }
            byte[] full = line(codec.encode(state));
            ByteArrayOutputStream journal = new ByteArrayOutputStream(HEADER_LINE.length + full.length);
            journal.write(HEADER_LINE);
            journal.write(full);
            AtomicFiles.write(file, journal.toByteArray());
            journalBytes = journal.size();
            fullLineBytes = full.length;
            written = state;
        } catch (IOException e) {
            written = null; // a partial append may be on disk: replace the file next time
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    /** Compacting at a multiple of the full line makes its cost a constant share of the deltas'. */
    private long compactAt() {
        return Math.max(COMPACT_AT_BYTES, Math.min(COMPACT_FACTOR * fullLineBytes, MAX_BYTES / 2));
    }

    private byte[] line(ObjectNode node) {
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not encode hook queue", e);
        }
        CRC32 crc = new CRC32();
        crc.update(json);
        byte[] line = new byte[9 + json.length + 1];
        long value = crc.getValue();
        for (int i = 7; i >= 0; i--, value >>>= 4) {
            line[i] = (byte) Character.forDigit((int) (value & 0xf), 16);
        }
        line[8] = ' ';
        System.arraycopy(json, 0, line, 9, json.length);
        line[line.length - 1] = '\n';
        return line;
    }

    /** The JSON of the line {@code content[start, end)} when its checksum holds, else null. */
    private static byte[] verified(byte[] content, int start, int end) {
        if (end - start < 10 || content[start + 8] != ' ') {
            return null;
        }
        long expected = 0;
        for (int i = start; i < start + 8; i++) {
            int digit = Character.digit(content[i], 16);
            if (digit < 0) {
                return null;
            }
            expected = expected << 4 | digit;
        }
        CRC32 crc = new CRC32();
        crc.update(content, start + 9, end - start - 9);
        return crc.getValue() == expected ? Arrays.copyOfRange(content, start + 9, end) : null;
    }

    private static int indexOf(byte[] content, byte b, int from) {
        for (int i = from; i < content.length; i++) {
            if (content[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
