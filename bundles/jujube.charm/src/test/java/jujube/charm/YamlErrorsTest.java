package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

class YamlErrorsTest {
    private static String problemOf(String yaml) {
        JacksonException e = assertThrows(JacksonException.class,
                () -> new ObjectMapper(new YAMLFactory()).readValue(yaml, Object.class));
        return YamlErrors.describe(e);
    }

    @Test
    void names_the_problem_where_it_is_and_what_it_interrupted() {
        assertEquals("line 2, column 1: expected ',' or ']', but got <stream end> (parsing a flow sequence from line 1, column 7)",
                problemOf("blog: [1\n"));
        assertEquals("line 3, column 2: expected <block end>, but found '<block mapping start>' (parsing a block mapping from line 1, column 1)",
                problemOf("a:\n  - b\n c: 1\n"));
    }

    @Test
    void a_problem_without_context_is_still_one_line_with_its_place() {
        assertEquals("line 2, column 3: mapping values are not allowed here", problemOf("a: b\n c: d\n"));
    }
}
