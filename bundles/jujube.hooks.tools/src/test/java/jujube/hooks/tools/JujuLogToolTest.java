package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code juju-log -l}: the original's level names and Python logging numbers, and Go juju 3's spellings. */
class JujuLogToolTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final FakeHookToolBackend backend = new FakeHookToolBackend();
    private final ToolCall call = ToolCalls.inProcess(new ToolCommandHandler(backend, JSON), JSON);
    @TempDir
    Path cwd;

    @ParameterizedTest
    @CsvSource({"10,DEBUG", "0,DEBUG", "5,DEBUG", "19,DEBUG", "20,INFO", "25,INFO", "30,WARNING", "40,ERROR",
            "50,CRITICAL", "99,CRITICAL", "99999999999999,CRITICAL", "debug,DEBUG", "Info,INFO", "warn,WARNING",
            "WARNING,WARNING", "error,ERROR", "critical,CRITICAL", "notset,DEBUG"})
    void levelsAreNamesOrPythonNumbers(String level, LogLevel expected) throws Exception {
        ToolCall.Result result = call.run(List.of("juju-log", "-l", level, "hello", "world"), ToolVector.DEFAULT_ENV, cwd, null);

        assertEquals(new ToolCall.Result("", "", 0), result);
        assertEquals(List.of(expected + " hello world"), backend.logs);
    }

    @Test
    void go_juju_3s_log_level_and_debug_are_the_messages_level() throws Exception {
        // as the ops library logs: juju-log --log-level DEBUG -- 'ops 3.8.0 up and running.'
        ToolCall.Result result = call.run(List.of("juju-log", "--log-level", "DEBUG", "--", "-- up and running."),
                ToolVector.DEFAULT_ENV, cwd, null);
        call.run(List.of("juju-log", "--debug", "hello"), ToolVector.DEFAULT_ENV, cwd, null);
        call.run(List.of("juju-log", "--log-level=WARNING", "hello"), ToolVector.DEFAULT_ENV, cwd, null);

        assertEquals(new ToolCall.Result("", "", 0), result);
        assertEquals(List.of("DEBUG -- up and running.", "DEBUG hello", "WARNING hello"), backend.logs);
    }

    @Test
    void an_unknown_level_is_logged_at_info_with_a_warning_as_the_original_did() throws Exception {
        for (String level : List.of("LOUD", "-5", "")) {
            backend.reset();
            ToolCall.Result result = call.run(List.of("juju-log", "-l", level, "x"), ToolVector.DEFAULT_ENV, cwd, null);

            assertEquals(new ToolCall.Result("", "juju-log: warning: Invalid log level " + level + "; logged at INFO\n", 0),
                    result);
            assertEquals(List.of("INFO x"), backend.logs);
        }
    }
}
