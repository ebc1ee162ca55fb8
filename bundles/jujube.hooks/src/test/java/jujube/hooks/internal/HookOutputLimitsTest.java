package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.HookResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A hook's output within its limits, on real hooks: an endless line is kept to the line limit, lines past
 * the hook's line limit are counted in one note, and a hook writing past the byte limit is killed.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.hooks.internal.HookSpawners#both")
class HookOutputLimitsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path root;
    HookFixture charm;
    final ProcessHookInvoker invoker;

    HookOutputLimitsTest(HookSpawner spawner) {
        invoker = new ProcessHookInvoker(TIMEOUT, Duration.ofMillis(200), spawner,
                new OutputLimits(100, 64, 1 << 20), ProcessLimits.none());
    }

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @AfterEach
    void tearDown() {
        invoker.deactivate();
    }

    @Test
    void an_endless_line_is_kept_to_the_line_limit() throws IOException {
        // 600 KiB without a newline, then a short line: the reader holds 64 bytes of the first, never more
        charm.hook("install", "head -c 614400 /dev/zero | tr '\\0' x; echo; echo short");
        HookFixture.Recording output = new HookFixture.Recording();

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), output));

        assertEquals(List.of("x".repeat(64) + " ... (cut: " + (614400 - 64) + " more bytes)", "short"), output.stdout);
    }

    @Test
    void a_line_is_cut_at_a_character_never_inside_one() throws IOException {
        // "é" is two bytes: 64 bytes end inside the 33rd after a one-byte "a"
        charm.hook("install", "printf 'a'; i=0; while [ $i -lt 40 ]; do printf 'é'; i=$((i+1)); done; echo");
        HookFixture.Recording output = new HookFixture.Recording();

        invoker.invoke(charm.invocation("install"), output);

        assertEquals(List.of("a" + "é".repeat(31) + " ... (cut: 18 more bytes)"), output.stdout);
    }

    @Test
    void lines_past_the_line_limit_are_counted_in_one_note() throws IOException {
        charm.hook("install", "seq 1 250; echo err >&2");
        HookFixture.Recording output = new HookFixture.Recording();

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), output));

        assertEquals(100, output.stdout.size() + output.stderr.size() - 1, output.all::toString);
        assertEquals("1", output.stdout.get(0));
        // 151 lines dropped: "101".."250" (150 lines, 600 bytes with their newlines) and "err" (4 bytes)
        assertEquals("(151 more lines, 604 bytes, of this hook's output not shown: the first 100 lines are)",
                output.stderr.get(output.stderr.size() - 1));
    }

    @Test
    void ends_of_lines_are_newlines_carriage_returns_or_both() throws IOException {
        charm.hook("install", "printf 'a\\r\\nb\\rc\\n\\nd'");
        HookFixture.Recording output = new HookFixture.Recording();

        invoker.invoke(charm.invocation("install"), output);

        assertEquals(List.of("a", "b", "c", "", "d"), output.stdout);
    }

    @Test
    void a_hook_writing_past_the_byte_limit_is_killed() throws IOException {
        charm.hook("install", "yes 'many lines'");
        HookFixture.Recording output = new HookFixture.Recording();

        HookResult result = invoker.invoke(charm.invocation("install"), output);

        assertEquals(new HookResult.Failed("wrote more than 1 MiB of output (maxOutputBytes): killed"), result);
        assertEquals(100, output.stdout.size());
        assertTrue(output.stderr.get(0).matches("\\(\\d+ more lines, \\d+ bytes, of this hook's output not shown: "
                + "the first 100 lines are\\)"), output.stderr::toString);
    }

    @Test
    void output_under_the_limits_is_passed_on_whole() throws IOException {
        charm.hook("install", "seq 1 99; echo; exit 3");
        HookFixture.Recording output = new HookFixture.Recording();

        assertEquals(new HookResult.Failed("exit code 3"), invoker.invoke(charm.invocation("install"), output));

        assertEquals(100, output.stdout.size());
        assertEquals("", output.stdout.get(99));
        assertFalse(output.stderr.stream().anyMatch(line -> line.contains("not shown")), output.stderr::toString);
    }
}
