package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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
    void queue_writes_leave_no_temporary_files() throws IOException {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0));
        drain(queue);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("relation-1.queue.json"), files.map(p -> p.getFileName().toString()).toList());
        }
    }
}
