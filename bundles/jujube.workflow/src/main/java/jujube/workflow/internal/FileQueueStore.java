package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import jujube.files.AtomicFiles;
import jujube.files.SmallFiles;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.QueueState;
import jujube.workflow.QueueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit relation's hook queue in a journal file: a header line, then one line per save, each the
 * whole state ({@link QueueCodec}) after its CRC-32: {@code 5f0e2a71 {"seen":{..},..}}. A save appends
 * and fsyncs one line, which costs a fraction of replacing the file (a queue is saved two or three times
 * per relation hook); once the file passes {@link #COMPACT_AT_BYTES} the next save replaces it atomically
 * with the header and that save's line.
 *
 * <p>The state is the last line whose checksum holds. Lines after it are a save that a kill or a power
 * loss cut short: it never returned, so dropping it loses nothing that was acknowledged, and the next save
 * replaces the file instead of appending behind the damage. A damaged line followed by a whole one is
 * corruption, reported, never skipped. A file of version 1 (one JSON document, replaced atomically) or a
 * journal of version 2 (whose lines carry every change's members, see {@link QueueCodec}) is read too,
 * and replaced by a journal of this version on the next save.
 */
public final class FileQueueStore implements QueueStore {
    static final int LEGACY_VERSION = 1;
    /**
     * Readers of versions 1 and 2 reject it ("unsupported version 3": they read a header they do not know
     * as a version-1 document), rather than misread a journal.
     */
    static final String HEADER = "{\"version\":3,\"format\":\"hook queue journal\"}";
    private static final String HEADER_2 = "{\"version\":2,\"format\":\"hook queue journal\"}";
    static final int COMPACT_AT_BYTES = 64 * 1024;
    /**
     * Checked before reading: a journal is at most {@link #COMPACT_AT_BYTES} of lines plus one more, and a
     * line holds the members' names and at most one executed hook's effects (relation settings, each under
     * ZooKeeper's 1 MB node limit).
     */
    public static final int MAX_BYTES = 16 << 20;
    private static final byte[] HEADER_LINE = (HEADER + "\n").getBytes(StandardCharsets.UTF_8);
    private static final byte[] HEADER_2_LINE = (HEADER_2 + "\n").getBytes(StandardCharsets.UTF_8);
    private static final Logger LOG = LoggerFactory.getLogger(FileQueueStore.class);

    private final Path file;
    private final ObjectMapper mapper;
    private final QueueCodec codec;
    /** The journal's length as this store last saw it; -1 when the next save must replace the file. */
    private long journalBytes = -1;

    public FileQueueStore(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper;
        this.codec = new QueueCodec(mapper);
    }

    @Override
    public QueueState load() {
        byte[] content;
        try {
            content = SmallFiles.read(file, MAX_BYTES);
        } catch (NoSuchFileException e) {
            journalBytes = -1;
            return QueueState.empty();
        } catch (IOException e) {
            throw JsonReader.unreadable(file, e);
        }
        if (startsWith(content, HEADER_LINE)) {
            return loadJournal(content, HEADER_LINE.length);
        }
        if (startsWith(content, HEADER_2_LINE)) {
            QueueState state = loadJournal(content, HEADER_2_LINE.length);
            journalBytes = -1; // not appended to: the next save writes a journal of this version
            return state;
        }
        JsonReader json = new JsonReader(file);
        JsonNode root = json.parse(mapper, content);
        json.requireVersion(root, LEGACY_VERSION);
        journalBytes = -1;
        return codec.decode(json, root);
    }

    private QueueState loadJournal(byte[] content, int headerBytes) {
        int firstDamaged = 0; // line numbers count the header as line 1
        byte[] last = null;
        int lastNumber = 0;
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
                last = payload;
                lastNumber = lineNumber;
            }
            start = end < 0 ? content.length : end + 1;
        }
        if (last == null) {
            throw new CorruptStateFileException(file, "no whole queue state after the header");
        }
        if (firstDamaged != 0) {
            LOG.info("{}: dropped an unfinished save from line {} on (the process died while writing it)",
                    file, firstDamaged);
        }
        journalBytes = firstDamaged != 0 ? -1 : content.length;
        JsonReader json = new JsonReader(file, "line " + lastNumber);
        return codec.decode(json, json.parse(mapper, last));
    }

    @Override
    public void save(QueueState state) {
        byte[] line = line(state);
        try {
            if (journalBytes >= 0 && journalBytes + line.length <= COMPACT_AT_BYTES) {
                try {
                    AtomicFiles.append(file, line);
                    journalBytes += line.length;
                    return;
                } catch (NoSuchFileException e) {
                    // removed behind this store's back: start a new journal
                }
            }
            ByteArrayOutputStream whole = new ByteArrayOutputStream(HEADER_LINE.length + line.length);
            whole.write(HEADER_LINE);
            whole.write(line);
            AtomicFiles.write(file, whole.toByteArray());
            journalBytes = whole.size();
        } catch (IOException e) {
            journalBytes = -1; // a partial append may be on disk: replace the file next time
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private byte[] line(QueueState state) {
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(codec.encode(state));
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

    private static boolean startsWith(byte[] content, byte[] header) {
        return content.length >= header.length && Arrays.equals(content, 0, header.length, header, 0, header.length);
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
