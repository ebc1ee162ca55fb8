package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import jujube.files.AtomicFiles;
import jujube.workflow.CorruptStateFileException;

/**
 * The persisted set of relations the unit joined (the one owner of {@code <stateDir>/relations/known.json}):
 * {@code {"version":1,"relations":[{"id":"relation-0000000003","hook_id":"db:3","name":"db","scope":"global"}]}}.
 * A relation enters it before the unit joins, and leaves it only once its relation workflow departed, so a
 * relation removed while the agent was down is still found, and departed, after a restart. Replaced
 * atomically (temporary file, fsync, rename, fsync of the directory) and validated when read (within
 * {@link #MAX_BYTES}, checked first).
 */
final class KnownRelations {
    static final int FORMAT_VERSION = 1;
    /** Thousands of relations; checked before reading. */
    static final int MAX_BYTES = 1 << 20;
    private final Path file;
    private final ObjectMapper mapper;
    private final TreeMap<String, KnownRelation> relations;

    /** @throws CorruptStateFileException when the file exists and is invalid */
    KnownRelations(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper;
        this.relations = load();
    }

    /** The known relations by state id. */
    synchronized SortedMap<String, KnownRelation> all() {
        return Collections.unmodifiableSortedMap(new TreeMap<>(relations));
    }

    /** Adds (or refreshes) a relation; durable when it returns. */
    synchronized void add(KnownRelation relation) {
        if (!relation.equals(relations.put(relation.stateId(), relation))) {
            save();
        }
    }

    /** Forgets a departed relation; durable when it returns. */
    synchronized void remove(String stateId) {
        if (relations.remove(stateId) != null) {
            save();
        }
    }

    private TreeMap<String, KnownRelation> load() {
        TreeMap<String, KnownRelation> found = new TreeMap<>();
        Optional<JsonNode> read = LocalJson.readObject(file, MAX_BYTES, mapper);
        if (read.isEmpty()) {
            return found;
        }
        JsonNode root = read.get();
        if (!LocalJson.hasVersion(root, FORMAT_VERSION) || !root.path("relations").isArray()) {
            throw new CorruptStateFileException(file, "expected {\"version\":" + FORMAT_VERSION + ",\"relations\":[..]}");
        }
        for (JsonNode entry : root.get("relations")) {
            try {
                // remote_app is absent from files written before it was kept
                KnownRelation relation = new KnownRelation(text(entry, "id"), text(entry, "hook_id"),
                        text(entry, "name"), text(entry, "scope"), entry.has("remote_app") ? text(entry, "remote_app") : "");
                found.put(relation.stateId(), relation);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new CorruptStateFileException(file, "invalid relation entry " + entry + ": " + e.getMessage(), e);
            }
        }
        return found;
    }

    private static String text(JsonNode entry, String field) {
        JsonNode value = entry.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' must be a string");
        }
        return value.asText();
    }

    private void save() {
        write(file, mapper, relations.values());
    }

    /** Replaces the file with {@code relations}; durable when it returns. */
    static void write(Path file, ObjectMapper mapper, Collection<KnownRelation> relations) {
        ObjectNode root = mapper.createObjectNode().put("version", FORMAT_VERSION);
        ArrayNode list = root.putArray("relations");
        relations.forEach(r -> list.addObject().put("id", r.stateId()).put("hook_id", r.hookId())
                .put("name", r.relationName()).put("scope", r.scope()).put("remote_app", r.remoteApp()));
        try {
            AtomicFiles.write(file, mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }
}
