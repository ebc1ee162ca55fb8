package jujube.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The written-out parts of the small value records: unit name parsing, equality and hashing. */
class ValueTypesTest {

    @Test
    void a_unit_name_parses_into_service_and_number_and_prints_back() {
        UnitName name = UnitName.parse("my-sql/12");
        assertEquals(new UnitName("my-sql", 12), name);
        assertEquals("my-sql/12", name.toString());
        assertEquals(new UnitName("m", 123456789), UnitName.parse("m/123456789"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "mysql", "mysql/", "/0", "mysql/-1", "mysql/1a", "mysql/ 1", "mysql/1234567890", "a/b/3"})
    void a_text_that_is_no_unit_name_is_rejected_with_the_text_named(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UnitName.parse(text));
        assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
    }

    @Test
    void a_missing_unit_name_is_rejected() {
        assertThrows(IllegalArgumentException.class, () -> UnitName.parse(null));
    }

    @Test
    void unit_names_are_equal_exactly_when_service_and_number_are() {
        UnitName a = new UnitName("wordpress", 1);
        assertEquals(a, new UnitName("wordpress", 1));
        assertEquals(a.hashCode(), new UnitName("wordpress", 1).hashCode());
        assertNotEquals(a, new UnitName("wordpress", 2));
        assertNotEquals(a, new UnitName("mysql", 1));
        assertNotEquals(a, "wordpress/1");
        Set<UnitName> set = new HashSet<>(Set.of(a, new UnitName("wordpress", 2)));
        assertTrue(set.contains(UnitName.parse("wordpress/2")));
    }

    @Test
    void ports_are_equal_exactly_when_number_and_protocol_are() {
        Port web = new Port(80, "tcp");
        assertEquals(web, new Port(80, "tcp"));
        assertEquals(web.hashCode(), new Port(80, "tcp").hashCode());
        assertNotEquals(web, new Port(80, "udp"));
        assertNotEquals(web, new Port(81, "tcp"));
        assertNotEquals(web, null);
    }
}
