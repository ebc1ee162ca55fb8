package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

class QueueFileTest extends QueueFixture {
    private static final String HEADER = "{\"version\":4,\"format\":\"hook queue journal\"}";
    private static final String CHANGE = "{\"type\":\"changed\",\"unit\":\"db/0\",\"settings_version\":1}";

    private String problem(String content) throws IOException {
        Path file = dir.resolve("relation-1.queue.json");
        Files.writeString(file, content);
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> store().load());
        assertEquals(file + ": " + e.problem(), e.getMessage());
        return e.problem();
    }

    private static String queue(boolean claimed, String... pending) {
        return "{\"seen\":{\"db/0\":1},\"members\":[\"db/0\"],\"head_claimed\":" + claimed + ",\"pending\":["
                + String.join(",", pending) + "]}";
    }

    /** A journal of this version: the header, then each JSON document as a checksummed line. */
    private static String journal(String... lines) {
        StringBuilder journal = new StringBuilder(HEADER).append('\n');
        for (String json : lines) {
            journal.append(checksummed(json));
        }
        return journal.toString();
    }

    private static String checksummed(String json) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(json.getBytes(StandardCharsets.UTF_8));
        return String.format("%08x %s%n", crc.getValue(), json);
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
        assertEquals("line 2: head_claimed is true but nothing is pending", problem(journal(queue(true))));
        assertEquals("line 2: unknown change type 'exploded'",
                problem(journal(queue(false, CHANGE.replace("changed", "exploded")))));
        assertEquals("line 2: two pending changes for db/0 outside the claimed head", problem(journal(queue(false, CHANGE, CHANGE))));
        assertEquals("line 2: 'db' is not a unit name <service>/<n>",
                problem(journal(queue(false).replace("[\"db/0\"]", "[\"db\"]"))));
        assertEquals("line 3: pending splice [1, 1] outside the 1 pending changes",
                problem(journal(queue(false, CHANGE), "{\"pending_splices\":[[1,1,[]]]}")));
        assertEquals("line 3: a pending splice must be [from, removed, [changes]], found [0,1]",
                problem(journal(queue(false, CHANGE), "{\"pending_splices\":[[0,1]]}")));
        assertEquals("line 3: settings version of 'db/0' must be a non-negative integer",
                problem(journal(queue(false), "{\"seen_set\":{\"db/0\":-1}}")));
        assertEquals("line 4: two pending changes for db/0 outside the claimed head", problem(journal(queue(false),
                "{\"pending_splices\":[[0,0,[" + CHANGE + "]]]}", "{\"pending_splices\":[[1,0,[" + CHANGE + "]]]}")));
        // a claimed head may share its unit with the pending change behind it
        Files.writeString(file(), journal(queue(true, CHANGE, CHANGE)));
        assertEquals(2, store().load().pending().size());
    }

    @Test
    void a_file_of_another_version_is_refused_with_its_version_named() throws IOException {
        assertEquals("unsupported version 1 (expected 4)", problem("{\"version\":1,\"seen\":{},\"members\":[],"
                + "\"head_claimed\":false,\"pending\":[]}"));
        for (int version : new int[] {2, 3, 5}) {
            assertEquals("unsupported version " + version + " (expected 4)",
                    problem(journal(queue(false)).replace("\"version\":4", "\"version\":" + version)));
        }
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
        HookQueue queue = settled(snapshot("db/0", 0));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("relation-1.queue.json"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    // the journal: a header, a full line, then one checksummed line per save with its change

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
        assertTrue(lines.get(0).contains("\"version\":4"), lines.get(0));
        assertTrue(lines.get(1).matches("[0-9a-f]{8} \\{\"seen\":\\{\"db/0\":0}.*"), lines.get(1));
        assertTrue(lines.get(5).matches("[0-9a-f]{8} \\{\"seen_set\":\\{\"db/0\":4}}"), lines.get(5));
        assertEquals(seen(4), store().load());
    }

    /** A claimed head that executed with about {@code bytes} of effects, told apart by {@code n}. */
    private static QueueState executed(int n, int bytes) {
        QueueState claimed = new QueueState(new TreeMap<>(Map.of(u("db/0"), 0)), new java.util.TreeSet<>(),
                List.of(new QueuedChange(ChangeType.JOINED, u("db/0"), 0)), true);
        return new QueueState(claimed.seen(), claimed.members(), claimed.pending(), true,
                JsonNodeFactory.instance.objectNode().put("n", n).put("pad", "x".repeat(bytes)));
    }

    @Test
    void a_journal_past_its_limit_is_replaced_by_its_last_state() throws IOException {
        QueueStore store = store();
        int n = 0;
        long largest = 0;
        while (n < 3 || lines().size() > 2) { // until a save has compacted it
            store.save(executed(n++, 1000));
            largest = Math.max(largest, Files.size(file()));
        }
        assertTrue(n > 30, "compacted after " + n + " saves");
        assertTrue(largest <= 64 * 1024, "the journal reached " + largest + " bytes");
        assertEquals(executed(n - 1, 1000), store().load());
    }

    @Test
    void a_journal_with_a_large_full_line_grows_to_four_times_it_before_it_is_compacted() throws IOException {
        QueueStore store = store();
        int n = 0;
        long largest = 0;
        while (n < 3 || lines().size() > 2) {
            store.save(executed(n++, 40_000)); // each line about as large as the full one
            largest = Math.max(largest, Files.size(file()));
        }
        assertTrue(largest > 3 * 40_000 && largest <= 4 * 40_100, "the journal reached " + largest + " bytes");
        assertEquals(executed(n - 1, 40_000), store().load());
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
        append(checksummed("{\"head_claimed\":true}"));
        assertEquals("line 3: head_claimed is true but nothing is pending", problem(Files.readString(file())));
    }

    @Test
    void a_line_of_a_big_relation_holds_each_unit_a_few_times_not_once_per_pending_change() throws IOException {
        HookQueue queue = queue();
        Object[] related = new Object[2 * 200];
        for (int i = 0; i < 200; i++) {
            related[2 * i] = "web/" + i;
            related[2 * i + 1] = 0;
        }
        queue.enqueue(snapshot(related)); // 200 joined pending, the members of each implied
        String full = lines().get(lines().size() - 1);
        int mentions = full.split("\"web/17\"", -1).length - 1;
        assertTrue(mentions <= 2, "web/17 written " + mentions + " times in a line of " + full.length() + " bytes");
        queue.next();
        String claim = lines().get(lines().size() - 1);
        assertTrue(claim.length() < 40, "the claim of the head is written as " + claim);
        assertEquals(queue.snapshot(), store().load());
    }
}
