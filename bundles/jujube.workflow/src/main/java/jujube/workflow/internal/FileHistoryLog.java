package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jujube.files.AtomicFiles;
import jujube.workflow.HistoryEntry;
import jujube.workflow.HistoryLog;
import jujube.workflow.WorkflowState;

/**
 * A workflow's history as JSON lines,
 * {@code {"at":"2012-..Z","step":"committed","transition":"install","state":"installed","in_flight":null}},
 * each appended and fsynced when its step is stored.
 */
public final class FileHistoryLog implements HistoryLog {
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
        JsonReader json = new JsonReader(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            JsonNode node = json.parse(mapper, lines.get(i).getBytes(StandardCharsets.UTF_8));
            try {
                entries.add(new HistoryEntry(Instant.parse(json.string(node, "at")),
                        HistoryEntry.Step.valueOf(json.string(node, "step").toUpperCase(Locale.ROOT)),
                        json.optionalString(node, "transition"), json.string(node, "state"),
                        json.optionalString(node, "in_flight")));
            } catch (DateTimeParseException | IllegalArgumentException e) {
                throw json.fail("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return entries;
    }
}
