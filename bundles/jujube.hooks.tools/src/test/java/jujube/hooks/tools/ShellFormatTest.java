package jujube.hooks.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code relation-get --format=shell} and {@code relation-list --format=eval}: the original's output,
 * checked by text and by what a real shell's {@code eval} of it assigns.
 */
class ShellFormatTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final FakeHookToolBackend backend = new FakeHookToolBackend();
    private final ToolCall call = ToolCalls.inProcess(new ToolCommandHandler(backend, JSON), JSON);
    @TempDir
    Path cwd;

    private ToolCall.Result run(Map<String, String> extraEnv, String... argv) throws Exception {
        Map<String, String> env = new HashMap<>(ToolVector.DEFAULT_ENV);
        env.putAll(extraEnv);
        return call.run(List.of(argv), env, cwd, null);
    }

    @Test
    void keys_are_mangled_and_values_quoted_as_the_original_did() throws Exception {
        assertEquals(0, run(Map.of(), "relation-set", "private-address=10.0.0.3", "a.b/c:d=x y", "quote=it's",
                "safe=a@b%c_d-e+f=g:h,i.j/k", "utf=caf\u00e9", "multi=line 1\nline 2", "blog=").exit());

        ToolCall.Result shell = run(Map.of(), "relation-get", "--format=shell", "-", FakeHookToolBackend.LOCAL_UNIT);

        assertEquals(new ToolCall.Result("VAR_A_B_C_D='x y'\n"
                + "VAR_MULTI='line 1\nline 2'\n"
                + "VAR_PRIVATE_ADDRESS=10.0.0.3\n"
                + "VAR_QUOTE='it'\"'\"'s'\n"
                + "VAR_SAFE=a@b%c_d-e+f=g:h,i.j/k\n"
                + "VAR_UTF='caf\u00e9'\n", "", 0), shell);
    }

    @Test
    void eval_of_the_output_assigns_exactly_the_values_and_clears_stale_ones() throws Exception {
        assertEquals(0, run(Map.of(), "relation-set", "quote=it's \"$HOME\" `id` \\ $(id)", "multi=a\n\tb",
                "x;touch${IFS}pwned=v").exit());
        ToolCall.Result shell = run(Map.of("VAR_STALE", "old"), "relation-get", "--format=shell", "-",
                FakeHookToolBackend.LOCAL_UNIT);
        assertEquals("The following were omitted from the environment.  VAR_ prefixed variables indicate a usage "
                + "error.\nVAR_STALE\n", shell.stderr());

        ProcessBuilder sh = new ProcessBuilder("/bin/sh", "-c",
                "eval \"$1\" && printf '%s|%s|%s|%s|%s' \"$VAR_QUOTE\" \"$VAR_MULTI\" \"$VAR_BLOG\" \"$VAR_STALE\" "
                        + "\"$VAR_X_TOUCH__IFS_PWNED\"", "sh", shell.stdout()).directory(cwd.toFile());
        sh.environment().put("VAR_STALE", "old");
        Process process = sh.redirectErrorStream(true).start();
        String assigned = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), assigned);
        assertEquals("it's \"$HOME\" `id` \\ $(id)|a\n\tb|my blog||v", assigned);
        assertEquals(false, cwd.resolve("pwned").toFile().exists(), "a key ran as a command");
    }

    @Test
    void relation_list_eval_exports_the_members() throws Exception {
        assertEquals(new ToolCall.Result("export JUJU_MEMBERS=\"mysql/0 mysql/1\"\n", "", 0),
                run(Map.of(), "relation-list", "--format=eval"));
        assertEquals(new ToolCall.Result("export JUJU_MEMBERS=\"mysql-2/0\"\n", "", 0),
                run(Map.of(), "relation-list", "-r", "db:1", "--format", "eval"));
    }

    @Test
    void only_the_tools_that_had_these_formats_accept_them() throws Exception {
        for (String tool : List.of("relation-ids", "config-get", "unit-get")) {
            ToolCall.Result result = run(Map.of(), tool, "--format=shell", "private-address");
            assertEquals(2, result.exit(), tool + ": " + result);
        }
        assertEquals(2, run(Map.of(), "relation-get", "--format=eval").exit());
        assertEquals(2, run(Map.of(), "relation-list", "--format=shell").exit());
    }
}
