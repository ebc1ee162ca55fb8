package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class WorkflowFilesTest extends WorkflowFixture {

    private CorruptStateFileException loadCorrupt(String content) throws IOException {
        Files.writeString(stateFile(), content);
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> store().load());
        assertEquals(stateFile(), e.file());
        assertTrue(e.getMessage().startsWith(stateFile() + ": "), e.getMessage());
        return e;
    }

    @Test
    void nothing_stored_reads_as_the_initial_state() {
        assertEquals(WorkflowState.initial(), store().load());
    }

    @Test
    void a_state_round_trips_with_its_version() throws IOException {
        WorkflowState state = new WorkflowState("configure_error", "retry_configure_hook", Map.of("error_message", "x"));
        store().save(state);
        assertEquals(state, store().load());
        assertTrue(Files.readString(stateFile()).contains("\"version\" : 1"));
    }

    @Test
    void corrupt_json_is_named() throws IOException {
        assertTrue(loadCorrupt("{\"version\":1,\"state\":").problem().startsWith("not valid JSON"));
        assertEquals("not a JSON object", loadCorrupt("[1]").problem());
    }

    @Test
    void a_wrong_or_missing_version_is_named() throws IOException {
        assertEquals("unsupported version 2 (expected 1)",
                loadCorrupt("{\"version\":2,\"state\":\"started\",\"in_flight\":null,\"vars\":{}}").problem());
        assertEquals("missing integer field 'version'",
                loadCorrupt("{\"state\":\"started\",\"in_flight\":null,\"vars\":{}}").problem());
    }

    @Test
    void unknown_states_and_transitions_are_named() throws IOException {
        assertEquals("unknown state 'running'",
                loadCorrupt("{\"version\":1,\"state\":\"running\",\"in_flight\":null,\"vars\":{}}").problem());
        assertEquals("unknown in-flight transition 'explode'",
                loadCorrupt("{\"version\":1,\"state\":\"started\",\"in_flight\":\"explode\",\"vars\":{}}").problem());
        assertEquals("in-flight transition 'install' does not leave state 'started'",
                loadCorrupt("{\"version\":1,\"state\":\"started\",\"in_flight\":\"install\",\"vars\":{}}").problem());
        assertEquals("field 'vars.n' must be a string",
                loadCorrupt("{\"version\":1,\"state\":\"started\",\"in_flight\":null,\"vars\":{\"n\":1}}").problem());
    }

    @Test
    void a_state_file_over_its_limit_or_unreadable_is_refused_before_it_is_read() throws IOException {
        Files.write(stateFile(), new byte[Workflows.MAX_STATE_FILE_BYTES + 1]);
        assertEquals((Workflows.MAX_STATE_FILE_BYTES + 1) + " bytes, over the limit of "
                + Workflows.MAX_STATE_FILE_BYTES + " bytes", assertThrows(CorruptStateFileException.class,
                        () -> store().load()).problem());
        Files.writeString(stateFile(), "{}");
        Files.setPosixFilePermissions(stateFile(), java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        if (!Files.isReadable(stateFile())) { // root reads anything
            assertEquals("unreadable (AccessDeniedException)", assertThrows(CorruptStateFileException.class,
                    () -> store().load()).problem());
        }
    }

    @Test
    void the_last_readable_history_entry_is_found_from_the_end_of_the_file() throws IOException {
        java.nio.file.Path file = dir.resolve("unit.history");
        assertEquals(java.util.Optional.empty(), Workflows.lastHistoryEntry(file, mapper));
        open().synchronize();
        HistoryEntry last = history().entries().get(history().entries().size() - 1);
        assertEquals(java.util.Optional.of(last), Workflows.lastHistoryEntry(file, mapper));
        assertEquals("started", last.state());

        // an append cut short, then garbage: passed over
        Files.writeString(file, "{\"at\":\"2012-04-01T00:00:00Z\",\"step\":\"in_fl\ngarbage\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertEquals(java.util.Optional.of(last), Workflows.lastHistoryEntry(file, mapper));

        // only the end is read: a long history whose end holds nothing readable has no last entry
        Files.writeString(file, "x".repeat(200_000), java.nio.file.StandardOpenOption.APPEND);
        assertEquals(java.util.Optional.empty(), Workflows.lastHistoryEntry(file, mapper));
    }

    @Test
    void a_corrupt_file_stops_the_workflow_from_opening() throws IOException {
        Files.writeString(stateFile(), "garbage");
        assertThrows(CorruptStateFileException.class, this::open);
    }

    @Test
    void saving_an_invalid_state_is_refused_and_leaves_the_file_alone() {
        store().save(new WorkflowState("started", null, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> store().save(new WorkflowState("flying", null, Map.of())));
        assertEquals("started", store().load().state());
    }

    @Test
    void atomic_writes_leave_no_temporary_files() throws IOException {
        hooks.failing.add("config-changed");
        Workflow workflow = open();
        workflow.synchronize();
        workflow.fire("retry");
        try (Stream<java.nio.file.Path> files = Files.list(dir)) {
            assertEquals(List.of("unit.history", "unit.json"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void the_history_file_holds_one_json_line_per_step() throws IOException {
        open().synchronize();
        List<String> lines = Files.readAllLines(dir.resolve("unit.history"));
        assertEquals(4, lines.size());
        assertEquals("{\"at\":\"2012-04-01T00:00:00Z\",\"step\":\"committed\",\"transition\":\"install\","
                + "\"state\":\"installed\",\"in_flight\":null}", lines.get(1));
        Files.writeString(dir.resolve("unit.history"), "{\"at\":\"yesterday\",\"step\":\"x\",\"state\":\"a\"}\n");
        CorruptStateFileException e = assertThrows(CorruptStateFileException.class, () -> history().entries());
        assertTrue(e.problem().startsWith("line 1: "), e.problem());
    }
}
