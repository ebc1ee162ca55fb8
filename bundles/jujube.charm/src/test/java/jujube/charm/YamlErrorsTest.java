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
    void namesTheProblemWhereItIsAndWhatItInterrupted() {
        assertEquals("line 2, column 1: expected ',' or ']', but got <stream end> (parsing a flow sequence from line 1, column 7)",
                problemOf("blog: [1\n"));
        assertEquals("line 3, column 2: expected <block end>, but found '<block mapping start>' (parsing a block mapping from line 1, column 1)",
                problemOf("a:\n  - b\n c: 1\n"));
    }

    @Test
    void aProblemWithoutContextIsStillOneLineWithItsPlace() {
        assertEquals("line 2, column 3: mapping values are not allowed here", problemOf("a: b\n c: d\n"));
    }
}
