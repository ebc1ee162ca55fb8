package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import jujube.charm.CharmUrl;
import jujube.charm.InvalidCharmUrlException;
import jujube.files.AtomicFiles;
import jujube.workflow.CorruptStateFileException;

/**
 * The one owner of {@code state/charm.json}, the charm the unit runs as its agent recorded it:
 * {@code {"version":1,"charm_id":"local:precise/wordpress-3"}}, replaced atomically, validated when read
 * (within {@link #MAX_BYTES}, checked before reading).
 */
final class UnitCharmFile {
    static final int MAX_BYTES = 64 * 1024;
    private static final int VERSION = 1;
    private final Path file;
    private final ObjectMapper mapper;

    UnitCharmFile(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper;
    }

    Path file() {
        return file;
    }

    /**
     * The recorded charm; empty when nothing was recorded.
     *
     * @throws CorruptStateFileException when the file is there but not a record
     */
    Optional<String> read() {
        Optional<JsonNode> read = LocalJson.readObject(file, MAX_BYTES, mapper);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        JsonNode node = read.get();
        if (!LocalJson.hasVersion(node, VERSION) || !node.path("charm_id").isTextual()) {
            throw new CorruptStateFileException(file, "expected {\"version\":" + VERSION + ",\"charm_id\":\"<charm URL>\"}");
        }
        String charmId = node.get("charm_id").textValue();
        try {
            CharmUrl.parse(charmId);
        } catch (InvalidCharmUrlException e) {
            throw new CorruptStateFileException(file, "field 'charm_id': " + e.getMessage(), e);
        }
        return Optional.of(charmId);
    }

    /** Records {@code charmId}; durable when it returns. */
    void write(String charmId) throws IOException {
        AtomicFiles.write(file, mapper.writeValueAsBytes(Map.of("version", VERSION, "charm_id", charmId)));
    }
}
