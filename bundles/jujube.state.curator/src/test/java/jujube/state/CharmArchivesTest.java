package jujube.state;

import jujube.model.CharmRecord;
import jujube.model.NoSuchCharmException;
import jujube.model.StateException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Charm archives kept in the state for machines that cannot read the charm storage. */
class CharmArchivesTest extends ZooKeeperFixture {
    @TempDir
    Path dir;

    private CharmRecord publish(String name, byte[] archive) throws Exception {
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(archive));
        return state.charms().publish(new CharmRecord("local:precise/" + name + "-1", "file:///charms/" + name, sha,
                Map.of("name", name), Map.of()));
    }

    private Path file(String name, byte[] content) throws Exception {
        return Files.write(dir.resolve(name), content);
    }

    @Test
    void an_archive_of_several_nodes_comes_back_whole_to_another_client() throws Exception {
        byte[] content = new byte[1_300_000]; // three chunks, the last one short
        new Random(7).nextBytes(content);
        CharmRecord charm = publish("big", content);
        state.charms().storeArchive(charm.id(), file("big.charm", content));
        state.charms().storeArchive(charm.id(), file("big.charm", content)); // again: a no-op

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(connect(List.of()).charms().fetchArchive(charm.id(), out));
        assertArrayEquals(content, out.toByteArray());
        assertEquals(List.of(charm), state.charms().list(), "the archive's nodes are no charms");
    }

    @Test
    void an_archive_never_stored_is_absent_and_a_wrong_file_is_refused() throws Exception {
        CharmRecord charm = publish("small", "the archive".getBytes());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertFalse(state.charms().fetchArchive(charm.id(), out));
        assertEquals(0, out.size());

        StateException e = assertThrows(StateException.class,
                () -> state.charms().storeArchive(charm.id(), file("other.charm", "another archive".getBytes())));
        assertTrue(e.getMessage().contains("charm archive of " + charm.id() + " ")
                && e.getMessage().contains("is not the one published"), e.getMessage());
        assertFalse(state.charms().fetchArchive(charm.id(), out), "a refused archive is not listed");
        assertThrows(NoSuchCharmException.class,
                () -> state.charms().storeArchive("local:precise/none-1", file("none.charm", new byte[1])));
    }

    @Test
    void a_chunk_changed_or_lost_in_the_state_is_reported_not_passed_on() throws Exception {
        byte[] content = new byte[600_000];
        new Random(3).nextBytes(content);
        CharmRecord charm = publish("damaged", content);
        state.charms().storeArchive(charm.id(), file("damaged.charm", content));
        String node = "/charms/" + java.net.URLEncoder.encode(charm.id(), java.nio.charset.StandardCharsets.UTF_8);
        CuratorFramework raw = raw();
        raw.setData().forPath(node + "/archive-1", new byte[] {1, 2, 3});
        CorruptStateException changed = assertThrows(CorruptStateException.class,
                () -> state.charms().fetchArchive(charm.id(), new ByteArrayOutputStream()));
        assertTrue(changed.getMessage().contains("is not the published one"), changed.getMessage());

        raw.delete().forPath(node + "/archive-1");
        CorruptStateException lost = assertThrows(CorruptStateException.class,
                () -> state.charms().fetchArchive(charm.id(), new ByteArrayOutputStream()));
        assertTrue(lost.getMessage().contains("chunk 1 of 2 is missing"), lost.getMessage());
    }

    @Test
    void an_archive_over_the_limit_is_refused_before_it_is_read() throws Exception {
        CharmRecord charm = publish("huge", new byte[0]);
        Path huge = dir.resolve("huge.charm");
        try (var f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(Charms.MAX_ARCHIVE_BYTES + 1); // sparse: nothing is written
        }
        StateException e = assertThrows(StateException.class, () -> state.charms().storeArchive(charm.id(), huge));
        assertTrue(e.getMessage().contains("over the " + Charms.MAX_ARCHIVE_BYTES), e.getMessage());
        assertFalse(raw().checkExists().forPath("/charms/" + java.net.URLEncoder.encode(charm.id(),
                java.nio.charset.StandardCharsets.UTF_8) + "/archive-0") != null, "no chunk written");
    }
}
