package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CharmConfigTest {
    private final CharmReader reader = new CharmReader();
    private final CharmConfig config = reader.parseConfig("blog", """
            options:
              title: {type: string, default: "My blog", description: the title}
              port: {type: int, default: 8080}
              ratio: {type: float, default: 1}
              debug: {type: boolean, default: false}
              motto: {type: str}
            """);

    @Test
    void reads_options_in_order_with_typed_defaults() {
        assertEquals(List.of("title", "port", "ratio", "debug", "motto"), List.copyOf(config.options().keySet()));
        assertEquals(ConfigType.STRING, config.require("motto").type());
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("title", "My blog");
        expected.put("port", 8080L);
        expected.put("ratio", 1.0);
        expected.put("debug", false);
        assertEquals(expected, config.defaults());
        assertEquals("the title", config.require("title").description());
        assertEquals("", config.require("port").description());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            title | 'Hello, world '  | STRING  | 'Hello, world '
            title | ''               | STRING  | ''
            title | 42               | STRING  | 42
            port  | 80               | INT     | 80
            port  | ' -17 '          | INT     | -17
            port  | +5               | INT     | 5
            port  | 9223372036854775807 | INT  | 9223372036854775807
            ratio | 0.5              | FLOAT   | 0.5
            ratio | 2                | FLOAT   | 2.0
            ratio | -1.5e3           | FLOAT   | -1500.0
            ratio | .25              | FLOAT   | 0.25
            debug | true             | BOOLEAN | true
            debug | FALSE            | BOOLEAN | false
            debug | ' True'           | BOOLEAN | true
            """)
    void coercesCommandLineTextByTheOptionsType(String option, String text, ConfigType type, String expected) {
        Object value = config.coerce(option, text);
        Object wanted = switch (type) {
            case STRING -> expected;
            case INT -> Long.valueOf(expected);
            case FLOAT -> Double.valueOf(expected);
            case BOOLEAN -> Boolean.valueOf(expected);
        };
        assertEquals(wanted, value);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            port  | eighty                 | config option port: value "eighty" is not an int
            port  | 8.5                    | config option port: value "8.5" is not an int
            port  | ''                     | config option port: value "" is not an int
            port  | 0x50                   | config option port: value "0x50" is not an int
            port  | 9223372036854775808    | config option port: value "9223372036854775808" is not an int
            ratio | half                   | config option ratio: value "half" is not a float
            ratio | NaN                    | config option ratio: value "NaN" is not a float
            ratio | Infinity               | config option ratio: value "Infinity" is not a float
            ratio | 1f                     | config option ratio: value "1f" is not a float
            ratio | 1e999                  | config option ratio: value "1e999" is not a float
            debug | yes                    | config option debug: value "yes" is not a boolean
            debug | 1                      | config option debug: value "1" is not a boolean
            nope  | x                      | config option nope: no such option
            """)
    void rejectsTextThatDoesNotConvertNamingOptionAndValue(String option, String text, String expected) {
        ConfigValueException e = assertThrows(ConfigValueException.class, () -> config.coerce(option, text));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertEquals(option, e.option());
    }

    @Test
    void validates_typed_values_from_a_config_file() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("title", "T");
        values.put("port", 81);
        values.put("ratio", 3);
        values.put("debug", true);
        values.put("motto", "8080");
        assertEquals(Map.of("title", "T", "port", 81L, "ratio", 3.0, "debug", true, "motto", "8080"), config.validate(values));
        assertEquals(Map.of("port", 82L), config.validate(Map.of("port", "82")));
        assertEquals(Map.of("port", 5L), config.validate(Map.of("port", new BigInteger("5"))));
    }

    @Test
    void rejects_typed_values_of_the_wrong_type() {
        assertEquals("config option title: value 42 is not a string",
                assertThrows(ConfigValueException.class, () -> config.validate(Map.of("title", 42))).getMessage());
        assertEquals("config option port: value 1.5 is not an int",
                assertThrows(ConfigValueException.class, () -> config.validate(Map.of("port", 1.5))).getMessage());
        assertEquals("config option debug: value 1 is not a boolean",
                assertThrows(ConfigValueException.class, () -> config.validate(Map.of("debug", 1))).getMessage());
        assertEquals("config option ratio: value [1] is not a float",
                assertThrows(ConfigValueException.class, () -> config.validate(Map.of("ratio", List.of(1)))).getMessage());
        Map<String, Object> nullValue = new LinkedHashMap<>();
        nullValue.put("port", null);
        assertTrue(assertThrows(ConfigValueException.class, () -> config.validate(nullValue)).getMessage().contains("has no value"));
        assertTrue(assertThrows(ConfigValueException.class, () -> config.validate(Map.of("colour", "red"))).getMessage()
                .startsWith("config option colour: no such option"));
    }

    @Test
    void empty_config_file_means_no_options() {
        assertEquals(CharmConfig.empty(), reader.parseConfig("c", ""));
        assertEquals(CharmConfig.empty(), reader.parseConfig("c", "options:\n"));
    }

    @Test
    void round_trips_through_its_map() {
        assertEquals(config, reader.parseConfig("stored", config.toMap()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            int default not a number     | 'options: {port: {type: int, default: eighty}}'    | config.yaml: options.port.default the string "eighty" is not an int
            float default boolean        | 'options: {r: {type: float, default: true}}'       | config.yaml: options.r.default the boolean true is not a float
            string default number        | 'options: {t: {type: string, default: 8080}}'      | config.yaml: options.t.default the number 8080 is not a string
            boolean default text         | 'options: {d: {type: boolean, default: maybe}}'    | config.yaml: options.d.default the string "maybe" is not a boolean
            default a mapping            | 'options: {d: {type: string, default: {a: 1}}}'    | config.yaml: options.d.default must be a scalar value, got a mapping
            unknown type                 | 'options: {d: {type: colour}}'                     | config.yaml: options.d.type must be string, int, float or boolean, got "colour"
            missing type                 | 'options: {d: {default: 1}}'                       | config.yaml: options.d.type is required
            option not a mapping         | 'options: {d: string}'                             | config.yaml: options.d must be a mapping, got the string "string"
            options a list               | 'options: [a, b]'                                  | config.yaml: options must be a mapping, got a list
            no options key               | 'settings: {}'                                     | config.yaml: settings is not a known key
            bad option name              | 'options: {"a=b": {type: string}}'                 | config.yaml: options.a=b is not a valid option name
            unknown option key           | 'options: {d: {type: string, dfault: x}}'          | config.yaml: options.d.dfault is not a known key
            description a number         | 'options: {d: {type: string, description: 5}}'     | config.yaml: options.d.description must be a string, got the number 5
            not yaml                     | 'options: {d: [}'                                  | config.yaml is not valid YAML
            """)
    void rejectsMalformedConfigNamingTheFileAndTheProblem(String label, String yaml, String expected) {
        InvalidCharmException e = assertThrows(InvalidCharmException.class, () -> reader.parseConfig("blog", yaml));
        assertTrue(e.getMessage().startsWith("charm blog: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), () -> "expected \"" + expected + "\" in: " + e.getMessage());
    }
}
