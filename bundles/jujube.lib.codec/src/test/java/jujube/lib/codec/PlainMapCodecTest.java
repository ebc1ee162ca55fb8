package jujube.lib.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jujube.lib.codec.PlainMapCodec.Form;
import org.junit.jupiter.api.Test;

/** The plain-document codec reads and writes what Jackson's databind would, in JSON and in YAML. */
class PlainMapCodecTest {
    private final PlainMapCodec codec = new PlainMapCodec();

    private static Map<String, Object> sample() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("version", 2);
        value.put("long", 12345678901L);
        value.put("big", new BigInteger("123456789012345678901234567890"));
        value.put("name", "café \t \"quoted\" \\ a: b, {c} # not a comment");
        value.put("looks like a boolean", "yes");
        value.put("lines", "one\ntwo\n");
        value.put("ratio", 0.5);
        value.put("flag", true);
        value.put("nothing", null);
        value.put("list", List.of(1, "x", List.of(), Map.of()));
        value.put("nested", Map.of("key:with colon", "v"));
        return value;
    }

    @Test
    void json_is_read_into_the_values_databind_gives() throws Exception {
        // numbers as the smallest type that holds them, floats as doubles, a repeated key's last value
        String[] documents = {
            "{\"int\": 7, \"negative\": -3, \"long\": 12345678901, \"big\": 123456789012345678901234567890}",
            "{\"ratio\": 0.5, \"exp\": 1e3, \"tiny\": -2.5E-7, \"zero\": 0.0}",
            "{\"t\": true, \"f\": false, \"n\": null, \"s\": \"caf\\u00e9 \\\"q\\\" \\n\"}",
            "{\"list\": [1, [2, {\"a\": []}], {}, null, \"x\"], \"empty\": {}}",
            "{\"k\": 1, \"k\": 2}",
            "  {\"spaced\" : { \"deep\" : [ { \"er\" : 1 } ] } }  \n",
        };
        readsAsDatabind(new ObjectMapper(), Form.JSON, documents);
    }

    @Test
    void yaml_is_read_into_the_values_databind_gives() throws Exception {
        String[] documents = {
            "int: 7\nnegative: -3\nlong: 12345678901\nbig: 123456789012345678901234567890\nhex: 0x1F\n",
            "ratio: 0.5\nexp: 1.0e+3\nzero: 0.0\n",
            "t: true\nf: no\nn: ~\nempty:\ns: 'caf\u00e9 \"q\"'\nquoted: \"7\"\n",
            "list:\n- 1\n- [2, {a: []}]\n- {}\n- x\nblock: |\n  one\n  two\n",
            "machines:\n  machine-0000000000: {provider-machine-id: local-0}\n",
            "{a: 1, b: [x, y]}\n",
        };
        readsAsDatabind(new ObjectMapper(new YAMLFactory()), Form.YAML, documents);
    }

    private void readsAsDatabind(ObjectMapper databind, Form form, String... documents) throws Exception {
        for (String document : documents) {
            byte[] data = document.getBytes(StandardCharsets.UTF_8);
            Map<?, ?> expected = databind.readValue(data, Map.class);
            Map<String, Object> read = codec.readMap(data, form);
            assertEquals(expected, read, document);
            assertEquals(types(expected), types(read), document);
            assertEquals(LinkedHashMap.class, read.getClass(), "mutable and in the document's order");
        }
    }

    @Test
    void what_it_writes_is_what_databind_writes() throws Exception {
        assertArrayEquals(new ObjectMapper().writeValueAsBytes(sample()), codec.write(sample(), Form.JSON));
        assertEquals(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(sample()) + "\n",
                new String(codec.write(sample(), Form.INDENTED_JSON), StandardCharsets.UTF_8));
        ObjectMapper yaml = new ObjectMapper(YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build());
        assertArrayEquals(yaml.writeValueAsBytes(sample()), codec.write(sample(), Form.YAML));
    }

    @Test
    void what_it_writes_it_reads_back_in_every_form() throws Exception {
        for (Form form : Form.values()) {
            assertEquals(sample(), codec.readMap(codec.write(sample(), form), form), form.name());
            assertEquals(sample(), codec.readMap(codec.write(sample(), form), Form.YAML), form + " is YAML too");
        }
        assertTrue(new String(codec.write(sample(), Form.YAML), StandardCharsets.UTF_8).startsWith("version: 2\n"));
        assertEquals("[1,0.1,\"x\"]", new String(codec.write(List.of(1, 0.1f, "x"), Form.JSON), StandardCharsets.UTF_8),
                "a float as the float it is");
    }

    @Test
    void an_empty_or_null_document_is_no_map() throws Exception {
        for (Form form : Form.values()) {
            assertNull(codec.readMap(new byte[0], form));
            assertNull(codec.readMap("null".getBytes(StandardCharsets.UTF_8), form));
        }
        assertNull(codec.readMap(" \n".getBytes(StandardCharsets.UTF_8), Form.YAML));
    }

    @Test
    void a_document_that_is_not_one_map_is_refused_where_a_map_is_asked() throws Exception {
        assertEquals(List.of(Map.of("a", 1)), codec.read("- a: 1\n".getBytes(StandardCharsets.UTF_8), Form.YAML));
        for (String other : new String[] {"- a: 1\n", "just text\n", "a: 1\n---\nb: 2\n"}) {
            assertThrows(JacksonException.class, () -> codec.readMap(other.getBytes(StandardCharsets.UTF_8), Form.YAML), other);
        }
        for (String other : new String[] {"[1]", "7", "{\"a\": 1} {\"b\": 2}", "{\"a\": [1, 2"}) {
            assertThrows(JacksonException.class, () -> codec.readMap(other.getBytes(StandardCharsets.UTF_8), Form.JSON), other);
        }
    }

    @Test
    void a_value_that_is_not_plain_is_refused_naming_its_class() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> codec.write(Map.of("when", java.time.Instant.EPOCH), Form.JSON));
        assertTrue(e.getMessage().contains("java.time.Instant"), e.getMessage());
    }

    /** The value with every scalar replaced by its class's simple name, so that 1 and 1L differ. */
    private static Object types(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> types = new LinkedHashMap<>();
            map.forEach((k, v) -> types.put(k, types(v)));
            return types;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(PlainMapCodecTest::types).toList();
        }
        return value == null ? "null" : value.getClass().getSimpleName();
    }
}
