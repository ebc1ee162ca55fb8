package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import jujube.files.AtomicFiles;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.HistoryEntry;
import jujube.workflow.HistoryLog;
import jujube.workflow.WorkflowState;

/**
 * A workflow's history as JSON lines,
 * {@code {"at":"2012-..Z","step":"committed","transition":"install","state":"installed","in_flight":null}},
 * each appended and fsynced when its step is stored.
 */
public final class FileHistoryLog implements HistoryLog {
    /** How much of its end {@link #last()} reads: hundreds of entries (one takes about 150 bytes). */
    static final int TAIL_BYTES = 64 * 1024;
    private final Path file;
    private final ObjectMapper mapper;
    private final Clock clock;

    public FileHistoryLog(Path file, ObjectMapper mapper, Clock clock) {
        this.file = file;
        this.mapper = mapper;
        this.clock = clock;
    }

    @Override
    public void append(HistoryEntry.Step step, String transition, WorkflowState stored) {
        ObjectNode line = mapper.createObjectNode();
        line.put("at", clock.instant().toString());
        line.put("step", step.name().toLowerCase(Locale.ROOT));
        line.put("transition", transition);
        line.put("state", stored.state());
        line.put("in_flight", stored.inFlight());
        try {
            AtomicFiles.appendLine(file, mapper.writeValueAsString(line));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not encode history entry", e);        } catch (IOException e) {
            throw new UncheckedIOException("could not append to " + file, e);
        }
    }

    @Override
    public List<HistoryEntry> entries() {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
        List<HistoryEntry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                entries.add(parse(new JsonReader(file, "line " + (i + 1)), lines.get(i)));
            }
        }
        return entries;
    }

    /**
     * The newest entry that can be read, looking only at the file's last {@link #TAIL_BYTES} (a history is
     * never cut, so reading it whole could cost anything): lines at the end that are damaged or cut short
     * (an append a kill interrupted, a corrupt file) are passed over. Empty when there is no such entry,
     * or no file, or it cannot be read.
     */
    public Optional<HistoryEntry> last() {
        byte[] tail;
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty(); // absent, or a fifo or device that reading could block on
            }
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                long from = Math.max(0, in.size() - TAIL_BYTES);
                ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(TAIL_BYTES, in.size() - from));
                while (buffer.hasRemaining() && in.read(buffer, from + buffer.position()) >= 0) {
                    // until full or at the end
                }
                tail = Arrays.copyOf(buffer.array(), buffer.position());
                if (from > 0) { // the first line is a part of one
                    int newline = indexOf(tail, 0);
                    tail = newline < 0 ? new byte[0] : Arrays.copyOfRange(tail, newline + 1, tail.length);
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        String[] lines = new String(tail, StandardCharsets.UTF_8).split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (lines[i].isBlank()) {
                continue;
            }
            try {
                return Optional.of(parse(new JsonReader(file), lines[i]));
            } catch (CorruptStateFileException damaged) {
                // an earlier line may be whole
            }
        }
        return Optional.empty();
    }

    private HistoryEntry parse(JsonReader json, String line) {
        JsonNode node = json.parse(mapper, line.getBytes(StandardCharsets.UTF_8));
        try {
            return new HistoryEntry(Instant.parse(json.string(node, "at")),
                    HistoryEntry.Step.valueOf(json.string(node, "step").toUpperCase(Locale.ROOT)),
                    json.optionalString(node, "transition"), json.string(node, "state"),
                    json.optionalString(node, "in_flight"));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw json.fail(e.getMessage());
        }
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
