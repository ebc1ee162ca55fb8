package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CharmStorageTest {
    @TempDir
    Path temp;

    private final CharmUrl url = CharmUrl.parse("local:precise/mysql-1");

    private Path archive(String name) {
        return CharmArchives.build(CharmReaderTest.EXAMPLES.resolve("mysql"), temp.resolve(name)).path();
    }

    @Test
    void publishes_and_fetches_with_the_sha256() throws IOException {
        Path archive = archive("mysql.charm");
        CharmStorage storage = new CharmStorage(temp.resolve("env/charms"));
        StoredCharm stored = storage.put(url, archive);
        assertEquals("local_precise_mysql-1.charm", stored.key());
        assertEquals(Sha256.of(archive), stored.sha256());
        assertEquals(Files.size(archive), stored.size());
        assertEquals(stored, storage.put(url, archive), "publishing the same archive again changes nothing");
        assertEquals(stored, storage.find(url).orElseThrow());
        assertTrue(storage.find(url.withRevision(2)).isEmpty());

        Path fetched = storage.fetch(stored.key(), stored.sha256(), temp.resolve("machine/cache/mysql.charm"));
        assertEquals(stored.sha256(), Sha256.of(fetched));
        assertEquals("mysql", new CharmReader().read(fetched).name());
        try (Stream<Path> files = Files.list(temp.resolve("env/charms"))) {
            assertEquals(List.of(temp.resolve("env/charms/local_precise_mysql-1.charm")), files.toList(), "no temp files left");
        }
    }

    @Test
    void refuses_different_content_under_a_stored_revision() throws IOException {
        CharmStorage storage = new CharmStorage(temp.resolve("charms"));
        storage.put(url, archive("mysql.charm"));
        Path other = Files.writeString(temp.resolve("other.charm"), "different bytes");
        CharmStorageException e = assertThrows(CharmStorageException.class, () -> storage.put(url, other));
        assertTrue(e.getMessage().contains("local:precise/mysql-1") && e.getMessage().contains("bump the charm's revision"), e.getMessage());
        assertThrows(CharmStorageException.class, () -> storage.put(url.withoutRevision(), other));
    }

    @Test
    void an_archive_missing_here_is_fetched_from_the_other_copy_and_only_then() throws IOException {
        Path archive = archive("mysql.charm");
        Sha256 sha256 = Sha256.of(archive);
        CharmStorage here = new CharmStorage(temp.resolve("charms"));
        int[] asked = new int[1];
        CharmStorage.ArchiveCopy stateCopy = out -> {
            asked[0]++;
            Files.copy(archive, out);
            return true;
        };
        Path fetched = here.fetch(CharmStorage.keyOf(url), sha256, temp.resolve("remote/mysql.charm"), stateCopy);
        assertEquals(sha256, Sha256.of(fetched));
        assertEquals(1, asked[0]);

        StoredCharm stored = here.put(url, archive);
        here.fetch(stored.key(), stored.sha256(), temp.resolve("local/mysql.charm"), stateCopy);
        assertEquals(1, asked[0], "a stored archive is not asked of the other copy");

        CharmStorageException e = assertThrows(CharmStorageException.class, () -> new CharmStorage(temp.resolve("empty"))
                .fetch(stored.key(), stored.sha256(), temp.resolve("none/mysql.charm"), out -> false));
        assertTrue(e.getMessage().startsWith("no stored charm local_precise_mysql-1.charm"), e.getMessage());
        assertFalse(Files.exists(temp.resolve("none/mysql.charm")), "nothing left where the archive would be");
    }

    @Test
    void fetch_fails_on_tampered_content_and_leaves_nothing() throws IOException {
        CharmStorage storage = new CharmStorage(temp.resolve("charms"));
        StoredCharm stored = storage.put(url, archive("mysql.charm"));
        Files.writeString(temp.resolve("charms").resolve(stored.key()), "tampered");
        Path destination = temp.resolve("unit/charm.zip");
        CharmIntegrityException e = assertThrows(CharmIntegrityException.class, () -> storage.fetch(stored.key(), stored.sha256(), destination));
        assertTrue(e.getMessage().startsWith("stored charm local_precise_mysql-1.charm: sha256 mismatch, expected " + stored.sha256()), e.getMessage());
        assertFalse(Files.exists(destination));
        try (Stream<Path> files = Files.list(temp.resolve("unit"))) {
            assertEquals(List.of(), files.toList());
        }
    }

    @Test
    void rejects_unknown_and_malformed_keys() {
        CharmStorage storage = new CharmStorage(temp.resolve("charms"));
        Sha256 any = Sha256.of(new byte[0]);
        assertTrue(assertThrows(CharmStorageException.class, () -> storage.fetch("../../etc/passwd", any, temp.resolve("x"))).getMessage()
                .startsWith("invalid stored charm key"));
        assertTrue(assertThrows(CharmStorageException.class, () -> storage.fetch("local_precise_nope-1.charm", any, temp.resolve("x"))).getMessage()
                .startsWith("no stored charm local_precise_nope-1.charm"));
        assertThrows(IllegalArgumentException.class, () -> new Sha256("not hex"));
    }
}
