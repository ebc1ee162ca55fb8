package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jujube.state.UnitName;
import org.junit.jupiter.api.Test;

class QueueFileTest extends QueueFixture {
    private static final String CHANGE = "{\"type\":\"changed\",\"unit\":\"db/0\",\"settings_version\":1,"
            + "\"members\":[\"db/0\"]}";

    private String problem(String content) throws IOException {
        Path file = dir.resolve("relation-1.queue.json");
        Files.writeString(file, content);
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> store().load());
        assertEquals(file + ": " + e.problem(), e.getMessage());
        return e.problem();
    }

    private static String queue(int version, boolean claimed, String... pending) {
        return "{\"version\":" + version + ",\"seen\":{\"db/0\":1},\"members\":[\"db/0\"],\"head_claimed\":" + claimed
                + ",\"pending\":[" + String.join(",", pending) + "]}";
    }

    @Test
    void a_queue_round_trips_through_its_file() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 1, "db/1", 0));
        queue.next();
        assertEquals(queue.snapshot(), store().load());
        assertEquals(QueueState.empty(), Workflows.fileQueueStore(dir.resolve("none.json"), mapper).load());
    }

    @Test
    void invalid_queue_files_are_named() throws IOException {
        assertEquals("unsupported version 9 (expected 1)", problem(queue(9, false)));
        assertEquals("head_claimed is true but nothing is pending", problem(queue(1, true)));
        assertEquals("unknown change type 'exploded'", problem(queue(1, false, CHANGE.replace("changed", "exploded"))));
        assertEquals("two pending changes for db/0 outside the claimed head", problem(queue(1, false, CHANGE, CHANGE)));
        assertEquals("invalid change: joined of db/1 with members [db/0]",
                problem(queue(1, false, CHANGE.replace("changed", "joined").replace("\"unit\":\"db/0\"",
                        "\"unit\":\"db/1\""))));
        assertEquals("'db' is not a unit name <service>/<n>", problem(queue(1, false).replace("[\"db/0\"]", "[\"db\"]")));
        // a claimed head may share its unit with the pending change behind it
        Files.writeString(dir.resolve("relation-1.queue.json"), queue(1, true, CHANGE, CHANGE));
        assertEquals(2, store().load().pending().size());
    }

    @Test
    void a_queue_file_over_its_limit_or_not_a_file_is_refused_before_it_is_read() throws IOException {
        Path file = dir.resolve("relation-1.queue.json");
        try (var out = Files.newByteChannel(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            out.position(Workflows.MAX_QUEUE_FILE_BYTES).write(java.nio.ByteBuffer.wrap(new byte[] {'\n'}));
        }
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> store().load());
        assertEquals((Workflows.MAX_QUEUE_FILE_BYTES + 1) + " bytes, over the limit of " + Workflows.MAX_QUEUE_FILE_BYTES
                + " bytes", e.problem());
        Files.delete(file);
        Files.createDirectory(file);
        assertEquals("not a regular file", assertThrows(CorruptStateFileException.class, () -> store().load()).problem());
    }

    @Test
    void queue_writes_leave_no_temporary_files() throws IOException {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0));
        drain(queue);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("relation-1.queue.json"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    // the journal (format 2): a header, then one checksummed line per save

    private Path file() {
        return dir.resolve("relation-1.queue.json");
    }

    private List<String> lines() throws IOException {
        return Files.readAllLines(file());
    }

    /** A queue state that has seen db/0 at {@code version}: each save is told apart by it. */
    private static QueueState seen(int version) {
        Map<UnitName, Integer> seen = new TreeMap<>(Map.of(u("db/0"), version));
        return new QueueState(new TreeMap<>(seen), new java.util.TreeSet<>(), List.of(), false);
    }

    private void append(String text) throws IOException {
        Files.writeString(file(), text, StandardOpenOption.APPEND);
    }

    @Test
    void each_save_appends_one_line_and_the_last_line_is_the_state() throws IOException {
        QueueStore store = store();
        for (int v = 0; v < 5; v++) {
            store.save(seen(v));
        }
        List<String> lines = lines();
        assertEquals(6, lines.size(), "a header and five saves: " + lines);
        assertTrue(lines.get(0).contains("\"version\":3"), lines.get(0));
        assertTrue(lines.get(5).matches("[0-9a-f]{8} \\{.*\"db/0\":4.*"), lines.get(5));
        assertEquals(seen(4), store().load());
    }

    @Test
    void a_journal_past_its_limit_is_replaced_by_its_last_state() throws IOException {
        QueueStore store = store();
        int v = 0;
        long largest = 0;
        while (v < 3 || lines().size() > 2) { // until a save has compacted it
            store.save(seen(v++));
            largest = Math.max(largest, Files.size(file()));
        }
        assertTrue(v > 100, "compacted after " + v + " saves");
        assertTrue(largest <= 64 * 1024, "the journal reached " + largest + " bytes");
        assertEquals(seen(v - 1), store().load());
    }

    @Test
    void an_unfinished_last_line_is_dropped_and_the_next_save_replaces_the_file() throws IOException {
        QueueStore store = store();
        store.save(seen(1));
        store.save(seen(2));
        String whole = lines().get(2);
        append(whole.substring(0, whole.length() / 2)); // a save cut short: no end of line

        QueueStore restarted = store();
        assertEquals(seen(2), restarted.load());
        restarted.save(seen(3));
        assertEquals(2, lines().size(), "the damaged tail is gone with the rewrite: " + lines());
        assertEquals(seen(3), store().load());
    }

    @Test
    void a_last_line_whose_checksum_fails_is_dropped_too() throws IOException {
        store().save(seen(1));
        String whole = lines().get(1);
        append(whole.replace("\"db/0\":1", "\"db/0\":7") + "\n");
        assertEquals(seen(1), store().load());
    }

    @Test
    void a_damaged_line_before_a_whole_one_is_corruption_named_by_line() throws IOException {
        store().save(seen(1));
        String whole = lines().get(1);
        append("00000000 {}\n" + whole + "\n");
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> store().load());
        assertEquals("line 3 is damaged (checksum or end of line missing) but line 4 is whole", e.problem());
    }

    @Test
    void a_journal_without_a_whole_state_is_corruption() throws IOException {
        store().save(seen(1));
        List<String> lines = lines();
        Files.writeString(file(), lines.get(0) + "\n" + "garbage\n");
        assertEquals("no whole queue state after the header", problem(Files.readString(file())));
    }

    @Test
    void a_line_with_a_valid_checksum_is_still_checked_field_by_field() throws IOException {
        store().save(seen(1));
        String json = "{\"seen\":{},\"members\":[],\"head_claimed\":true,\"pending\":[]}";
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(json.getBytes(StandardCharsets.UTF_8));
        append(String.format("%08x %s%n", crc.getValue(), json));
        assertEquals("line 3: head_claimed is true but nothing is pending", problem(Files.readString(file())));
    }

    @Test
    void a_version_1_file_is_read_and_replaced_by_a_journal_on_the_next_save() throws IOException {
        Files.writeString(file(), queue(1, false, CHANGE));
        QueueStore store = store();
        QueueState legacy = store.load();
        assertEquals(1, legacy.pending().size());
        store.save(legacy);
        assertEquals(2, lines().size());
        assertEquals(legacy, store().load());
        // a reader of version 1 or 2 takes the header for a version-1 document and refuses it, rather than misread
        assertEquals(3, mapper.readTree(lines().get(0)).get("version").intValue());
    }

    @Test
    void a_version_2_journal_is_read_and_replaced_on_the_next_save() throws IOException {
        String line = queue(1, false, CHANGE).replace("\"version\":1,", "");
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(line.getBytes(StandardCharsets.UTF_8));
        Files.writeString(file(), "{\"version\":2,\"format\":\"hook queue journal\"}\n"
                + String.format("%08x %s%n", crc.getValue(), line));
        QueueStore store = store();
        QueueState written = store.load();
        assertEquals(List.of(new RelationChange(ChangeType.CHANGED, u("db/0"), 1, new java.util.TreeSet<>(List.of(u("db/0"))))),
                written.pending());
        store.save(written);
        assertEquals(2, lines().size(), "replaced, not appended to: " + lines());
        assertTrue(lines().get(0).contains("\"version\":3"), lines().get(0));
        assertEquals(written, store().load());
    }

    @Test
    void a_line_of_a_big_relation_holds_each_unit_a_few_times_not_once_per_pending_change() throws IOException {
        HookQueue queue = queue();
        Object[] related = new Object[2 * 200];
        for (int i = 0; i < 200; i++) {
            related[2 * i] = "web/" + i;
            related[2 * i + 1] = 0;
        }
        queue.enqueue(snapshot(related)); // 200 joined pending, each with its own members
        queue.next();
        String last = lines().get(lines().size() - 1);
        int mentions = last.split("\"web/17\"", -1).length - 1;
        assertTrue(mentions <= 3, "web/17 written " + mentions + " times in a line of " + last.length() + " bytes");
        assertEquals(queue.snapshot(), store().load());
        assertEquals(200, store().load().pending().get(199).members().size());
    }

    @Test
    void members_other_than_the_queue_implies_are_written_and_read_back() {
        // not what a queue makes, but what a store must keep: the head sees only db/1, though db/0 is a member
        java.util.TreeSet<UnitName> members = new java.util.TreeSet<>(List.of(u("db/0")));
        RelationChange odd = new RelationChange(ChangeType.JOINED, u("db/1"), 0, new java.util.TreeSet<>(List.of(u("db/1"))));
        RelationChange implied = new RelationChange(ChangeType.CHANGED, u("db/2"), 4,
                new java.util.TreeSet<>(List.of(u("db/0"), u("db/1"), u("db/2"))));
        QueueState state = new QueueState(new TreeMap<>(Map.of(u("db/0"), 1, u("db/1"), 0, u("db/2"), 4)), members,
                List.of(odd, implied), true);
        store().save(state);
        assertEquals(state, store().load());
    }
}
