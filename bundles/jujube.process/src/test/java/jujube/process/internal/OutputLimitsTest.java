package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import jujube.process.OutputLimits;
import jujube.process.ProcessOutcome;
import jujube.process.RunnerSettings;
import jujube.process.spawn.ProcessSpawner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A process's output within its limits, on real scripts: an endless line is kept to the line limit, lines
 * past the line limit are counted and told once, and a process writing past the byte limit is killed.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.process.internal.Spawners#both")
class OutputLimitsTest extends RunnerFixture {

    OutputLimitsTest(ProcessSpawner spawner) {
        super(spawner, new RunnerSettings(Duration.ofMillis(200), new OutputLimits(100, 64, 1 << 20), 0));
    }

    @Test
    void an_endless_line_is_kept_to_the_line_limit() throws Exception {
        // 600 KiB without a newline, then a short line: the reader holds 64 bytes of the first, never more
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        assertEquals(new ProcessOutcome.Exited(0), run("head -c 614400 /dev/zero | tr '\\0' x; echo; echo short", output));

        assertEquals(List.of("x".repeat(64) + " ... (cut: " + (614400 - 64) + " more bytes)", "short"), output.stdout());
    }

    @Test
    void a_line_is_cut_at_a_character_never_inside_one() throws Exception {
        // "é" is two bytes: 64 bytes end inside the 33rd after a one-byte "a"
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        run("printf 'a'; i=0; while [ $i -lt 40 ]; do printf 'é'; i=$((i+1)); done; echo", output);

        assertEquals(List.of("a" + "é".repeat(31) + " ... (cut: 18 more bytes)"), output.stdout());
    }

    @Test
    void lines_past_the_line_limit_are_counted_and_told_once() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        assertEquals(new ProcessOutcome.Exited(0), run("seq 1 250; echo err >&2", output));

        assertEquals(100, output.stdout().size() + output.stderr().size(), output.all::toString);
        assertEquals("1", output.stdout().get(0));
        // 151 lines dropped: "101".."250" (150 lines, 600 bytes with their newlines) and "err" (4 bytes)
        assertEquals("dropped:151 lines, 604 bytes after 100", output.all.get(output.all.size() - 1));
    }

    @Test
    void ends_of_lines_are_newlines_carriage_returns_or_both() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        run("printf 'a\\r\\nb\\rc\\n\\nd'", output);

        assertEquals(List.of("a", "b", "c", "", "d"), output.stdout());
    }

    @Test
    void a_process_writing_past_the_byte_limit_is_killed() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        ProcessOutcome outcome = run("yes 'many lines'", output);

        assertEquals(new ProcessOutcome.OutputLimitPassed(1 << 20), outcome);
        assertEquals(100, output.stdout().size());
        assertTrue(output.all.get(output.all.size() - 1).matches("dropped:\\d+ lines, \\d+ bytes after 100"),
                output.all.get(output.all.size() - 1));
    }

    @Test
    void output_under_the_limits_is_passed_on_whole() throws Exception {
        ScriptFixture.Recording output = new ScriptFixture.Recording();

        assertEquals(new ProcessOutcome.Exited(3), run("seq 1 99; echo; exit 3", output));

        assertEquals(100, output.stdout().size());
        assertEquals("", output.stdout().get(99));
        assertFalse(output.all.stream().anyMatch(line -> line.startsWith("dropped:")), output.all::toString);
    }
}
