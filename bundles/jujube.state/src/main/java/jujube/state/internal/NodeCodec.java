package jujube.state.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The content of our nodes: YAML maps, as the original juju stored them, written in YAML's flow style
 * that is also JSON ({@code {"version":2,...}}). Any YAML parser reads it (PyYAML and SnakeYAML
 * included), and we read it with a JSON parser: four times faster than a YAML parser on a cold JVM
 * (the 50 KB topology of 200 units: 10 ms against 40 ms), which every command pays. Content in YAML's
 * block style, as the original juju and earlier versions of Jujube wrote it, is read as YAML.
 */
final class NodeCodec {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};
    private final JsonFactory json = new JsonFactory();
    private ObjectMapper writer;
    private ObjectMapper yaml;

    /** The map a node holds, mutable; empty for a document that is empty or {@code null}. */
    Map<String, Object> read(byte[] data) throws IOException {
        Map<String, Object> map = parse(data);
        return map == null ? new LinkedHashMap<>() : map;
    }

    private Map<String, Object> parse(byte[] data) throws IOException {
        if (startsLikeJson(data)) {
            try (JsonParser parser = json.createParser(data)) {
                return PlainJson.readMap(parser);
            } catch (JacksonException e) {
                // YAML's flow style need not be JSON ({a: 1}): let the YAML parser decide and word the error
            }
        }
        return yaml().readValue(data, MAP);
    }

    /** A map of maps, lists and scalars, as node content. */
    byte[] write(Object value) {
        try {
            return writer().writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write node content", e);
        }
    }

    private static boolean startsLikeJson(byte[] data) {
        for (byte b : data) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b == '{';
            }
        }
        return false;
    }

    /**
     * Made on first use: a process that only reads (a status) never initializes databind's object mapper,
     * whose class alone costs a cold JVM about 50 ms of CPU.
     */
    private synchronized ObjectMapper writer() {
        if (writer == null) {
            writer = new ObjectMapper(json);
        }
        return writer;
    }

    /** Made on first use: a process that only meets our own content never loads the YAML parser for it. */
    private synchronized ObjectMapper yaml() {
        if (yaml == null) {
            yaml = new ObjectMapper(new YAMLFactory());
        }
        return yaml;
    }
}
