package jujube.cli.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/** How status (and {@code get}) is printed. */
enum StatusFormat {
    yaml, json, tabular, dot, svg;

    private static final YAMLFactory YAML = YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
    private static final JsonFactory JSON = new JsonFactory();

    String render(Map<String, Object> status) {
        return switch (this) {
            case yaml -> write(YAML, status);
            case json -> write(JSON, status);
            case tabular -> TabularStatus.render(status);
            case dot -> DotStatus.render(status);
            case svg -> Graphviz.svg(DotStatus.render(status));
        };
    }

    /**
     * Writes maps, lists and scalars through Jackson's streaming generator: what databind's object mapper
     * wrote, without its serializer look-ups, and a status never initializes databind (about 50 ms of CPU
     * in a short-lived JVM).
     */
    private String write(JsonFactory factory, Map<String, Object> value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = factory.createGenerator(text)) {
            if (factory == JSON) {
                generator.useDefaultPrettyPrinter();
            }
            write(generator, value);
        } catch (IOException e) {
            throw new IllegalStateException("status cannot be rendered as " + name(), e);
        }
        String written = text.toString();
        return written.endsWith("\n") ? written : written + "\n";
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
        } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            generator.writeNumber(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float) {
            generator.writeNumber(((Number) value).doubleValue());
        } else if (value instanceof BigInteger big) {
            generator.writeNumber(big);
        } else if (value instanceof BigDecimal big) {
            generator.writeNumber(big);
        } else {
            throw new IllegalStateException("status holds a " + value.getClass().getName() + ", which it cannot print");
        }
    }
}
