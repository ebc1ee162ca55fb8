package jujube.agent.unit.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import jujube.files.CorruptFileException;
import jujube.files.SmallFiles;
import jujube.workflow.CorruptStateFileException;

/** Reads the agent's own small JSON files: within a limit checked first, every failure naming the file. */
final class LocalJson {
    private LocalJson() {
    }

    /**
     * The file's JSON object; empty when there is no file.
     *
     * @throws CorruptStateFileException when it is over {@code limit}, unreadable, not JSON or not an object
     */
    static Optional<JsonNode> readObject(Path file, int limit, ObjectMapper mapper) {
        byte[] content;
        try {
            content = SmallFiles.read(file, limit);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (CorruptFileException e) {
            throw new CorruptStateFileException(file, e.problem(), e);
        } catch (IOException e) {
            throw new CorruptStateFileException(file, "unreadable (" + e.getMessage() + ")", e);
        }
        JsonNode node;
        try {
            node = mapper.readTree(content);
        } catch (JsonProcessingException e) {
            throw new CorruptStateFileException(file, "not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new CorruptStateFileException(file, "unreadable (" + e.getMessage() + ")", e);
        }
        if (node == null || !node.isObject()) {
            throw new CorruptStateFileException(file, "not a JSON object");
        }
        return Optional.of(node);
    }

    /** Whether {@code node} has the integer field {@code version} equal to {@code version}. */
    static boolean hasVersion(JsonNode node, int version) {
        return node.path("version").isInt() && node.get("version").intValue() == version;
    }
}
