package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CharmUrlTest {

    @Test
    void parses_local_and_store_urls() {
        assertEquals(new CharmUrl(CharmUrl.Schema.LOCAL, "", "precise", "mysql", OptionalInt.of(3)), CharmUrl.parse("local:precise/mysql-3"));
        assertEquals(new CharmUrl(CharmUrl.Schema.LOCAL, "", "precise", "my-sql", OptionalInt.empty()), CharmUrl.parse("local:precise/my-sql"));
        assertEquals(new CharmUrl(CharmUrl.Schema.CS, "alice", "oneiric", "wordpress", OptionalInt.of(12)), CharmUrl.parse("cs:~alice/oneiric/wordpress-12"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"local:precise/mysql", "local:precise/mysql-0", "cs:precise/wordpress-42", "cs:~bob.smith/quantal/a-b-c-7"})
    void formats_back_to_the_same_text(String text) {
        assertEquals(text, CharmUrl.parse(text).toString());
    }

    @Test
    void revision_can_be_set_and_cleared() {
        CharmUrl url = CharmUrl.parse("local:precise/mysql");
        assertEquals("local:precise/mysql-5", url.withRevision(5).toString());
        assertEquals(url, url.withRevision(5).withoutRevision());
        assertEquals(CharmUrl.parse("local:precise/mysql-2"), CharmUrl.local("precise", "mysql", 2));
    }

    @Test
    void infers_schema_and_series_as_the_command_line_does() {
        assertEquals("local:precise/mysql", CharmUrl.infer("local:mysql", "precise").toString());
        assertEquals("local:oneiric/mysql-2", CharmUrl.infer("local:oneiric/mysql-2", "precise").toString());
        assertEquals("cs:precise/mysql", CharmUrl.infer("mysql", "precise").toString());
        assertEquals("cs:~me/precise/mysql-1", CharmUrl.infer("cs:~me/mysql-1", "precise").toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            mysql                       | no schema
            http:precise/mysql          | unknown schema "http"
            local:mysql                 | expected local:series/name[-revision]
            local:precise/mysql/extra   | expected local:series/name[-revision]
            local:~me/precise/mysql     | local charm URLs have no user
            cs:~/precise/mysql          | invalid user ""
            local:Precise/mysql         | invalid series "Precise"
            local:precise/MySQL         | invalid charm name "MySQL"
            local:precise/mysql-        | invalid charm name "mysql-"
            local:precise/-1            | invalid charm name "-1"
            local:precise/mysql-01      | not in canonical form
            local:precise/mysql-9999999999 | invalid charm name "mysql-9999999999"
            local:/mysql                | invalid series ""
            local:                      | expected local:series/name[-revision]
            """)
    void rejectsMalformedUrlsNamingTheProblem(String text, String problem) {
        InvalidCharmUrlException e = assertThrows(InvalidCharmUrlException.class, () -> CharmUrl.parse(text));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains(text.substring(0, Math.min(text.length(), 8))), e.getMessage());
    }

    @Test
    void validates_components_on_construction() {
        assertThrows(InvalidCharmUrlException.class, () -> CharmUrl.local("precise", "mysql", -1));
        assertThrows(InvalidCharmUrlException.class, () -> CharmUrl.infer("local:mysql", "Bad Series"));
    }
}
