package jujube.state.store;

import com.fasterxml.jackson.core.JacksonException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.lib.codec.PlainMapCodec;
import jujube.lib.codec.PlainMapCodec.Form;

/**
 * The content of our nodes: YAML maps, as the original juju stored them, written in YAML's flow style
 * that is also JSON ({@code {"version":2,...}}). Any YAML parser reads it (PyYAML and SnakeYAML
 * included), and we read it with a JSON parser, much cheaper than a YAML parser on a cold JVM, as every
 * command is. Content in YAML's
 * block style, as the original juju and earlier versions of Jujube wrote it, is read as YAML.
 */
public final class NodeCodec {
    private final PlainMapCodec codec = new PlainMapCodec();

    /** The map a node holds, mutable; empty for a document that is empty or {@code null}. */
    Map<String, Object> read(byte[] data) throws IOException {
        Map<String, Object> map = parse(data);
        return map == null ? new LinkedHashMap<>() : map;
    }

    private Map<String, Object> parse(byte[] data) throws IOException {
        if (startsLikeJson(data)) {
            try {
                return codec.readMap(data, Form.JSON);
            } catch (JacksonException e) {
                // YAML's flow style need not be JSON ({a: 1}): let the YAML parser decide and word the error
            }
        }
        return codec.readMap(data, Form.YAML);
    }

    /** A map of maps, lists and scalars, as node content. */
    byte[] write(Object value) {
        return codec.write(value, Form.JSON);
    }

    private static boolean startsLikeJson(byte[] data) {
        for (byte b : data) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b == '{';
            }
        }
        return false;
    }
}
