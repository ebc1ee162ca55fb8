package jujube.state.store;

import jujube.state.store.NodeCodec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Node content: written as JSON, which is YAML; read whether it was written that way or in block YAML. */
class NodeCodecTest {
    private final NodeCodec codec = new NodeCodec();

    private static Map<String, Object> sample() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("version", 2);
        value.put("name", "café \t \"quoted\" \\ a: b, {c}");
        value.put("ratio", 0.5);
        value.put("flag", true);
        value.put("nothing", null);
        value.put("list", List.of(1, "x"));
        value.put("nested", Map.of("key:with colon", "v"));
        return value;
    }

    @Test
    void what_it_writes_is_json_that_a_yaml_parser_reads_as_the_same_map() throws Exception {
        byte[] written = codec.write(sample());

        assertEquals(sample(), new ObjectMapper().readValue(written, Map.class));
        assertEquals(sample(), new ObjectMapper(new YAMLFactory()).readValue(written, Map.class));
        assertEquals(sample(), codec.read(written));
    }

    @Test
    void block_yaml_as_the_original_wrote_it_is_read() throws Exception {
        byte[] block = "version: 2\nmachines:\n  machine-0000000000: {provider-machine-id: local-0}\nlist:\n- 1\n- x\n"
                .getBytes(StandardCharsets.UTF_8);

        assertEquals(Map.of("version", 2, "machines", Map.of("machine-0000000000", Map.of("provider-machine-id", "local-0")),
                "list", List.of(1, "x")), codec.read(block));
    }

    @Test
    void flow_yaml_that_is_not_json_is_read_as_yaml() throws Exception {
        assertEquals(Map.of("a", 1, "b", List.of("x", "y")), codec.read(" {a: 1, b: [x, y]}\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void broken_content_fails_with_the_yaml_parsers_words_and_a_position() {
        JacksonException e = assertThrows(JacksonException.class,
                () -> codec.read("{\"a\": [1, 2}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getLocation() != null && e.getLocation().getLineNr() == 1, e.getMessage());
    }

    @Test
    void json_cut_short_is_refused() {
        // (what JSON refuses and YAML reads, as {"a": } is, stays readable: content may be YAML)
        for (String broken : new String[] {"{\"a\": [1, 2", "{\"a\": {\"b\": 1}", "{\"a\": \"open"}) {
            assertThrows(JacksonException.class, () -> codec.read(broken.getBytes(StandardCharsets.UTF_8)), broken);
        }
    }

    @Test
    void content_nested_beyond_the_parsers_limit_is_refused_not_overflowed() {
        String deep = "{\"a\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertThrows(JacksonException.class, () -> codec.read(deep.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void large_content_round_trips() throws Exception {
        Map<String, Object> services = new LinkedHashMap<>();
        for (int i = 0; i < 500; i++) {
            services.put("service-%010d".formatted(i), Map.of("name", "svc" + i, "units", Map.of()));
        }
        Map<String, Object> topology = Map.of("version", 2, "services", services);
        byte[] written = codec.write(topology);
        assertEquals(topology, codec.read(written));
        assertTrue(Arrays.equals(written, codec.write(codec.read(written))), "writing what was read gives the same bytes");
    }
}
