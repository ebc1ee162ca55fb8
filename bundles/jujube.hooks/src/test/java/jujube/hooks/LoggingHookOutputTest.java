package jujube.hooks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The default sink: stdout at INFO, stderr at ERROR, tagged with unit and hook, control characters escaped. */
class LoggingHookOutputTest {

    @Test
    void logs_stdout_at_info_and_stderr_at_error() {
        // slf4j-simple writes to whatever System.err is at the time of each message.
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            HookOutput sink = HookOutput.logging("wordpress/0", "install");
            sink.stdout("fetching wordpress");
            sink.stderr("no such package");
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("INFO jujube.hooks.output - unit=wordpress/0 hook=install: fetching wordpress"), log);
        assertTrue(log.contains("ERROR jujube.hooks.output - unit=wordpress/0 hook=install: no such package"), log);
    }

    @Test
    void a_line_can_neither_forge_a_log_line_nor_drive_a_terminal() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            HookOutput.logging("wordpress/0", "install")
                    .stdout("done\r2026-01-01T00:00:00.000 [main] INFO forged - unit=mysql/0 \u001b[2J");
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.endsWith("unit=wordpress/0 hook=install: done\\r2026-01-01T00:00:00.000 [main] INFO forged - "
                + "unit=mysql/0 \\x1b[2J" + System.lineSeparator()), log);
    }
}
