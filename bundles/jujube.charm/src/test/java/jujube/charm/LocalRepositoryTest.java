package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalRepositoryTest {
    static final Path REPOSITORY = Path.of("src/test/resources/repository");

    private final List<String> warnings = new ArrayList<>();
    private final LocalRepository repository = new LocalRepository(REPOSITORY, new CharmReader(), warnings::add);

    @TempDir
    Path temp;

    @Test
    void picks_the_highest_revision_and_skips_broken_charms_with_warnings() {
        // the broken "mysql" charms carry revisions 9 to 12: they would win if they were not skipped
        Charm charm = repository.find(CharmUrl.parse("local:precise/mysql"));
        assertEquals(java.util.OptionalInt.of(2), charm.revision());
        assertEquals("database, revision 2", charm.metadata().summary());
        for (String broken : List.of("broken-yaml", "broken-no-summary", "broken-subordinate", "broken-revision",
                "broken-provides-juju", "broken-config", "garbage.charm")) {
            String path = REPOSITORY.resolve("precise").resolve(broken).toString();
            // the path once, then the problem
            assertTrue(warnings.stream().anyMatch(w -> w.startsWith("skipping broken charm " + path + ": ")
                    && w.indexOf(path) == w.lastIndexOf(path)), () -> broken + " not reported once in " + warnings);
        }
        assertEquals(7, warnings.size(), warnings::toString);
    }

    @Test
    void finds_an_exact_revision() {
        assertEquals("database, revision 1", repository.find(CharmUrl.parse("local:precise/mysql-1")).metadata().summary());
        CharmNotFoundException e = assertThrows(CharmNotFoundException.class, () -> repository.find(CharmUrl.parse("local:precise/mysql-3")));
        assertEquals("charm local:precise/mysql-3 not found in repository " + REPOSITORY, e.getMessage());
    }

    @Test
    void finds_charm_archives_too() throws IOException {
        Path series = Files.createDirectories(temp.resolve("precise"));
        CharmArchives.build(CharmReaderTest.EXAMPLES.resolve("wordpress"), series.resolve("wordpress.charm"));
        Path older = Files.createDirectories(series.resolve("wordpress-old"));
        Files.copy(CharmReaderTest.EXAMPLES.resolve("wordpress/metadata.yaml"), older.resolve("metadata.yaml"));
        Files.writeString(older.resolve("revision"), "1\n");
        Charm charm = new LocalRepository(temp, new CharmReader(), warnings::add).find(CharmUrl.parse("local:precise/wordpress"));
        assertEquals(new CharmArchive(series.resolve("wordpress.charm")), charm.source());
        assertEquals(List.of(), warnings);
    }

    @Test
    void names_what_is_missing() {
        assertEquals("charm local:precise/postgres not found in repository " + REPOSITORY,
                assertThrows(CharmNotFoundException.class, () -> repository.find(CharmUrl.parse("local:precise/postgres"))).getMessage());
        assertTrue(assertThrows(CharmNotFoundException.class, () -> repository.find(CharmUrl.parse("local:oneiric/mysql"))).getMessage()
                .contains("no oneiric series directory"));
        LocalRepository missing = new LocalRepository(temp.resolve("nowhere"), new CharmReader(), warnings::add);
        assertTrue(assertThrows(CharmNotFoundException.class, () -> missing.find(CharmUrl.parse("local:precise/mysql"))).getMessage()
                .startsWith("no repository found at " + temp.resolve("nowhere")));
        assertThrows(InvalidCharmUrlException.class, () -> repository.find(CharmUrl.parse("cs:precise/mysql")));
    }
}
