package jujube.lib.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes plain documents, JSON or YAML: maps (with string keys), lists and scalars (strings,
 * numbers, booleans, null). What it reads are the values Jackson's databind gives for {@code Object}
 * (linked maps in the document's order, array lists, the smallest of Integer, Long and BigInteger,
 * Double, Boolean, null; a repeated key keeps its last value); what it writes is what databind writes.
 * It uses Jackson's streaming parser and generator only, so that a short-lived JVM (a status) never pays
 * for initializing databind's serializers and deserializers.
 *
 * <p>Immutable and thread-safe. The YAML factory is made on first use: a process that meets only JSON
 * never loads the YAML parser.
 */
public final class PlainMapCodec {
    /** The syntax of a document. */
    public enum Form {
        /** JSON on one line, as node content (which is YAML in its flow style too). */
        JSON,
        /** JSON indented for people, one value a line. */
        INDENTED_JSON,
        /** YAML in its block style, without a document start marker, strings quoted only where needed. */
        YAML
    }

    private final JsonFactory json = new JsonFactory();
    private volatile YAMLFactory yaml;

    /**
     * The document's value: a map, a list or a scalar; null for an empty document or {@code null}.
     *
     * @throws com.fasterxml.jackson.core.JacksonException when the document is not of that form, or holds
     *     more than one value
     */
    public Object read(byte[] document, Form form) throws IOException {
        return parse(document, form, false);
    }

    /**
     * The map the document holds, mutable; null for an empty document or {@code null}.
     *
     * @throws com.fasterxml.jackson.core.JacksonException when the document is not of that form or holds
     *     something else than a map
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> readMap(byte[] document, Form form) throws IOException {
        return (Map<String, Object>) parse(document, form, true);
    }

    private Object parse(byte[] document, Form form, boolean mapOnly) throws IOException {
        try (JsonParser parser = factory(form).createParser(document)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            if (mapOnly && first != JsonToken.START_OBJECT && first != JsonToken.VALUE_NULL) {
                throw new JsonParseException(parser, "expected a map, found " + first);
            }
            Object value = value(parser, first);
            JsonToken after = parser.nextToken();
            if (after != null) {
                throw new JsonParseException(parser, "content after the document's value: " + after);
            }
            return value;
        }
    }

    /**
     * The value as a document of that form, in UTF-8 and ending with a new line unless it is one-line JSON.
     *
     * @throws IllegalArgumentException when the value holds something else than maps, lists and scalars
     */
    public byte[] write(Object value, Form form) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator generator = factory(form).createGenerator(bytes)) {
            if (form == Form.INDENTED_JSON) {
                generator.useDefaultPrettyPrinter();
            }
            write(generator, value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a document in memory", e);
        }
        if (form == Form.INDENTED_JSON) {
            bytes.write('\n');
        }
        return bytes.toByteArray();
    }

    private JsonFactory factory(Form form) {
        return form == Form.YAML ? yaml() : json;
    }

    private YAMLFactory yaml() {
        YAMLFactory made = yaml;
        if (made == null) {
            // not YAMLFactory.builder(): its factories leave the parser's default features off, and an
            // empty value ("key:") then reads as "" instead of null
            made = new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES);
            yaml = made;
        }
        return made;
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new JsonParseException(parser, "unexpected end of content");
        }
        switch (token) {
            case START_OBJECT:
                Map<String, Object> map = new LinkedHashMap<>();
                String key;
                while ((key = parser.nextFieldName()) != null) {
                    map.put(key, value(parser, parser.nextToken()));
                }
                return map;
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
            case VALUE_EMBEDDED_OBJECT:
                // YAML's !!binary: bytes, as databind gives them
                return parser.getEmbeddedObject();
            default:
                throw new JsonParseException(parser, "unexpected " + token);
        }
    }

    private static void write(JsonGenerator generator, Object value) throws IOException {
        if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                generator.writeFieldName(String.valueOf(entry.getKey()));
                write(generator, entry.getValue());
            }
            generator.writeEndObject();
        } else if (value instanceof Collection<?> list) {
            generator.writeStartArray();
            for (Object item : list) {
                write(generator, item);
            }
            generator.writeEndArray();
        } else if (value == null) {
            generator.writeNull();
        } else if (value instanceof String string) {
            generator.writeString(string);
        } else if (value instanceof Boolean bool) {
            generator.writeBoolean(bool);
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            generator.writeNumber(((Number) value).intValue());
        } else if (value instanceof Long number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number);
        } else if (value instanceof Float number) {
            generator.writeNumber(number);
        } else if (value instanceof BigInteger big) {
            generator.writeNumber(big);
        } else if (value instanceof BigDecimal big) {
            generator.writeNumber(big);
        } else {
            throw new IllegalArgumentException("a plain document holds no " + value.getClass().getName());
        }
    }
}
