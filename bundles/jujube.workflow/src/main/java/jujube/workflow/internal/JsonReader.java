package jujube.workflow.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.files.CorruptFileException;
import jujube.workflow.CorruptStateFileException;

/** Reads and checks the fields of one persisted JSON document, naming the file in every failure. */
final class JsonReader {
    private final Path file;
    private final String where;

    JsonReader(Path file) {
        this(file, null);
    }

    /** A reader of one part of the file ({@code "line 3"}), which every failure names after the file. */
    JsonReader(Path file, String where) {
        this.file = file;
        this.where = where;
    }

    JsonNode parse(ObjectMapper mapper, byte[] content) {
        try {
            JsonNode root = mapper.readTree(content);
            if (root == null || !root.isObject()) {
                throw fail("not a JSON object");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new CorruptStateFileException(file, located("not valid JSON (" + e.getOriginalMessage() + ")"), e);
        } catch (IOException e) {
            throw new CorruptStateFileException(file, located("unreadable (" + e.getMessage() + ")"), e);
        }
    }

    void requireVersion(JsonNode root, int expected) {
        JsonNode version = root.get("version");
        if (version == null || !version.isInt()) {
            throw fail("missing integer field 'version'");
        }
        if (version.intValue() != expected) {
            throw fail("unsupported version " + version.intValue() + " (expected " + expected + ")");
        }
    }

    String string(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw fail("missing string field '" + field + "'");
        }
        return value.textValue();
    }

    String optionalString(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw fail("field '" + field + "' must be a string or null");
        }
        return value.textValue();
    }

    int integer(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isInt()) {
            throw fail("missing integer field '" + field + "'");
        }
        return value.intValue();
    }

    JsonNode array(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            throw fail("missing array field '" + field + "'");
        }
        return value;
    }

    JsonNode object(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isObject()) {
            throw fail("missing object field '" + field + "'");
        }
        return value;
    }

    Map<String, String> stringMap(JsonNode node, String field) {
        Map<String, String> out = new LinkedHashMap<>();
        object(node, field).fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw fail("field '" + field + "." + e.getKey() + "' must be a string");
            }
            out.put(e.getKey(), e.getValue().textValue());
        });
        return out;
    }

    /**
     * A file that could not be read as a failure of its content: too large, not a regular file, or refused
     * by the file system. None of these passes by itself, so retrying the read would only repeat it.
     */
    static CorruptStateFileException unreadable(Path file, IOException e) {
        if (e instanceof CorruptFileException corrupt) {
            return new CorruptStateFileException(file, corrupt.problem(), e);
        }
        // a FileSystemException's message repeats the path; its reason (may be null) is the news
        String reason = e instanceof FileSystemException fs ? fs.getReason() : e.getMessage();
        return new CorruptStateFileException(file, "unreadable (" + e.getClass().getSimpleName()
                + (reason == null ? "" : ": " + reason) + ")", e);
    }

    CorruptStateFileException fail(String problem) {
        return new CorruptStateFileException(file, located(problem));
    }

    private String located(String problem) {
        return where == null ? problem : where + ": " + problem;
    }
}
