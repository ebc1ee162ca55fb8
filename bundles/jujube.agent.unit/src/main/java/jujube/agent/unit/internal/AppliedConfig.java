package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import jujube.charm.Sha256;
import jujube.files.AtomicFiles;
import jujube.workflow.CorruptStateFileException;

/**
 * Which service configuration the unit's config-changed hook last ran with, as a digest in
 * {@code state/config.json} ({@code {"version":1,"applied":"<sha256>"}}). A configuration whose digest
 * differs is pending. <b>Beyond</b> the original, which dropped config changes arriving while the unit
 * was not started: a pending change survives error states and agent restarts and is applied (by
 * {@code configure}) once the unit is started again.
 *
 * <p>The digest is recorded when the hook is <em>attempted</em>, not when it succeeds: a failed
 * config-changed leads to configure_error, and {@code resolved} without retry must not run it again.
 * The file is read within {@link #MAX_BYTES}, checked before reading, and validated.
 */
final class AppliedConfig {
    private static final int VERSION = 1;
    static final int MAX_BYTES = 64 * 1024;
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
    private final Path file;
    private final ObjectMapper mapper;

    AppliedConfig(Path file, ObjectMapper mapper) {
        this.file = file;
        this.mapper = mapper.copy().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    }

    /** The digest of a service configuration: independent of key order. */
    String digest(Map<String, Object> config) {
        try {
            return Sha256.of(mapper.writeValueAsBytes(new TreeMap<>(config))).hex();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise the service configuration", e);
        }
    }

    /**
     * The digest last recorded, if any.
     *
     * @throws CorruptStateFileException when the file is there but not a record
     */
    Optional<String> applied() {
        Optional<JsonNode> read = LocalJson.readObject(file, MAX_BYTES, mapper);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        JsonNode node = read.get();
        if (!LocalJson.hasVersion(node, VERSION) || !node.path("applied").isTextual()
                || !SHA256_HEX.matcher(node.get("applied").textValue()).matches()) {
            throw new CorruptStateFileException(file, "expected {\"version\":" + VERSION + ",\"applied\":\"<sha256, hex>\"}");
        }
        return Optional.of(node.get("applied").textValue());
    }

    /** Whether {@code config} differs from what config-changed last ran with. */
    boolean isPending(Map<String, Object> config) {
        return !applied().equals(Optional.of(digest(config)));
    }

    void record(Map<String, Object> config) throws IOException {
        AtomicFiles.write(file, mapper.writeValueAsBytes(Map.of("version", VERSION, "applied", digest(config))));
    }
}
