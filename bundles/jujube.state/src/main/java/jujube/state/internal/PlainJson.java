package jujube.state.internal;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a JSON document into plain maps, lists and scalars with Jackson's streaming parser: the values
 * databind would give for {@code Map<String, Object>} (linked maps, array lists, strings, the smallest of
 * Integer, Long and BigInteger, Double, Boolean, null; a repeated key keeps its last value), without
 * databind's deserializer look-ups, which a status's cold JVM paid for on every node it read.
 */
final class PlainJson {
    private PlainJson() {}

    /** The object the parser is at the start of; null for the JSON literal {@code null}. */
    static Map<String, Object> readMap(JsonParser parser) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == JsonToken.VALUE_NULL) {
            return null;
        }
        if (first != JsonToken.START_OBJECT) {
            throw new JsonParseException(parser, "expected a map, found " + first);
        }
        Map<String, Object> map = object(parser);
        if (parser.nextToken() != null) {
            throw new JsonParseException(parser, "content after the map");
        }
        return map;
    }

    private static Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> map = new LinkedHashMap<>();
        String key;
        while ((key = parser.nextFieldName()) != null) {
            map.put(key, value(parser, parser.nextToken()));
        }
        return map;
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new JsonParseException(parser, "unexpected end of content");
        }
        switch (token) {
            case START_OBJECT:
                return object(parser);
            case START_ARRAY:
                List<Object> list = new ArrayList<>();
                JsonToken next;
                while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(value(parser, next));
                }
                return list;
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return parser.getNumberValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new JsonParseException(parser, "unexpected " + token);
        }
    }
}
