package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code relation-set key=@file}: the original's way to set a value from a file, read by the agent
 * from the hook's directory, bounded in size and never blocking the agent.
 */
class RelationSetFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final FakeHookToolBackend backend = new FakeHookToolBackend();
    private final ToolCall call = ToolCalls.inProcess(new ToolCommandHandler(backend, JSON), JSON);
    @TempDir
    Path cwd;

    @BeforeEach
    void fixture() {
        backend.reset();
    }

    private ToolCall.Result run(String stdin, String... argv) throws Exception {
        return call.run(List.of(argv), ToolVector.DEFAULT_ENV, cwd, stdin);
    }

    private String localSetting(String key) throws Exception {
        return run(null, "relation-get", key, FakeHookToolBackend.LOCAL_UNIT).stdout();
    }

    @Test
    void the_value_is_the_files_whole_content_resolved_against_the_tools_directory() throws Exception {
        Files.createDirectory(cwd.resolve("tls"));
        Files.writeString(cwd.resolve("tls/cert.pem"), "-----BEGIN-----\nabc é\n-----END-----\n");

        assertEquals(new ToolCall.Result("", "", 0), run(null, "relation-set", "cert=@tls/cert.pem", "plain=x"));

        assertEquals("-----BEGIN-----\nabc é\n-----END-----\n\n", localSetting("cert"));
        assertEquals("x\n", localSetting("plain"));
    }

    @Test
    void a_missing_file_is_the_originals_error_and_sets_nothing() throws Exception {
        assertEquals(new ToolCall.Result("", "relation-set: error: No such file or directory: nope.pem (argument:cert)\n", 1),
                run(null, "relation-set", "a=1", "cert=@nope.pem"));
        assertEquals("", localSetting("a"));
    }

    @Test
    void a_file_over_the_limit_is_refused_by_its_size_before_it_is_read() throws Exception {
        Path huge = cwd.resolve("huge.bin");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(64L << 30); // sparse: reading it would take the agent's heap
        }
        assertEquals(new ToolCall.Result("", "relation-set: error: huge.bin is larger than the 1 MiB limit of a file "
                + "argument (argument:blob)\n", 1), run(null, "relation-set", "blob=@huge.bin"));
    }

    @Test
    void a_file_at_the_limit_is_read() throws Exception {
        Files.writeString(cwd.resolve("max.txt"), "x".repeat(1 << 20));
        assertEquals(0, run(null, "relation-set", "blob=@max.txt").exit());
        assertEquals((1 << 20) + 1, localSetting("blob").length());
    }

    @Test
    void a_device_reporting_size_zero_is_read_only_up_to_the_limit() {
        ToolCall.Result result = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> run(null, "relation-set", "z=@/dev/zero"));
        assertEquals(new ToolCall.Result("", "relation-set: error: /dev/zero is larger than the 1 MiB limit of a file "
                + "argument (argument:z)\n", 1), result);
    }

    @Test
    void a_pipe_is_refused_without_opening_it() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", cwd.resolve("fifo").toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        ToolCall.Result result = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(null, "relation-set", "p=@fifo"));
        assertEquals(new ToolCall.Result("", "relation-set: error: cannot read fifo: not a regular file (a pipe or a "
                + "socket) (argument:p)\n", 1), result);
    }

    @Test
    void dev_stdin_is_the_tools_stdin_and_other_descriptors_are_refused() throws Exception {
        assertEquals(0, run("line 1\nline 2\n", "relation-set", "in=@/dev/stdin").exit());
        assertEquals("line 1\nline 2\n\n", localSetting("in"));

        ToolCall.Result fd = run(null, "relation-set", "x=@/dev/fd/63");
        assertEquals(1, fd.exit());
        assertEquals("relation-set: error: cannot read /dev/fd/63: it names a descriptor of the tool's own process, "
                + "which the unit agent cannot open; pipe the content to /dev/stdin instead (argument:x)\n", fd.stderr());
    }

    @Test
    void a_directory_or_text_that_is_not_utf8_is_refused() throws Exception {
        Files.write(cwd.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9});
        assertEquals(new ToolCall.Result("", "relation-set: error: latin1.txt is not UTF-8 text (argument:k)\n", 1),
                run(null, "relation-set", "k=@latin1.txt"));
        assertEquals(new ToolCall.Result("", "relation-set: error: cannot read .: it is a directory (argument:k)\n", 1),
                run(null, "relation-set", "k=@."));
    }

    @Test
    void the_whole_argument_map_form_is_bounded_too() {
        ToolCall.Result result = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(null, "relation-set", "@/dev/zero"));
        assertEquals(new ToolCall.Result("", "relation-set: error: /dev/zero is larger than the 1 MiB limit of a file "
                + "argument\n", 1), result);
    }
}
