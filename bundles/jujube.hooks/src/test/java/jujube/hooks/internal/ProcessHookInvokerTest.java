package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookModel;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import jujube.process.ProcessOutcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The invoker against real shell-script hooks: a hook's environment and directory, its output, and how it
 * ended in the words an operator reads. How processes are run is {@code jujube.process}'s.
 */
class ProcessHookInvokerTest {
    /** Variables a shell may export on its own account. */
    private static final Set<String> SHELL_OWN = Set.of("PWD", "OLDPWD", "SHLVL", "_");

    @TempDir
    Path root;
    HookFixture charm;
    final ProcessHookInvoker invoker = ProcessServices.invoker(Duration.ofSeconds(60), Duration.ofMillis(200));

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @AfterEach
    void tearDown() {
        invoker.deactivate();
    }

    @Test
    void replaces_the_environment() throws IOException {
        charm.hook("install", "env > \"$CHARM_DIR/env.out\"");

        HookInvocation invocation = charm.invocation("install").withModel(new HookModel("local",
                "0b5d6f5e-4c1e-4e0c-9d53-0c1f3ad6b4a1", "3", Optional.of("mysql/0")));
        assertEquals(new HookResult.Succeeded(), invoker.invoke(invocation, new HookFixture.Recording()));

        Map<String, String> env = readEnv(charm.charmDir.resolve("env.out"));
        Map<String, String> expected = new HashMap<>(Map.ofEntries(
                Map.entry("CHARM_DIR", charm.charmDir.toString()),
                Map.entry("JUJU_UNIT_NAME", "wordpress/0"),
                Map.entry("JUJU_LOCAL_UNIT", "wordpress/0"),
                Map.entry("JUJU_SERVICE", "wordpress"),
                Map.entry("JUJU_CHARM", "local:precise/wordpress-3"),
                Map.entry("JUJU_AGENT_SOCKET", charm.socket.toString()),
                Map.entry("JUJU_SOCKET", charm.socket.toString()),
                Map.entry("JUJU_CLIENT_ID", "client-17"),
                Map.entry("PATH", charm.toolsDir + ":" + System.getenv("PATH")),
                Map.entry("DEBIAN_FRONTEND", "noninteractive"),
                Map.entry("APT_LISTCHANGES_FRONTEND", "none"),
                Map.entry("LANG", "C.UTF-8"),
                Map.entry("HOME", charm.unitDir.toString()),
                // Go juju 3's
                Map.entry("JUJU_VERSION", "3.1.8"),
                Map.entry("JUJU_CHARM_DIR", charm.charmDir.toString()),
                Map.entry("JUJU_MODEL_NAME", "local"),
                Map.entry("JUJU_MODEL_UUID", "0b5d6f5e-4c1e-4e0c-9d53-0c1f3ad6b4a1"),
                Map.entry("JUJU_MACHINE_ID", "3"),
                Map.entry("JUJU_PRINCIPAL_UNIT", "mysql/0"),
                Map.entry("JUJU_HOOK_NAME", "install"),
                Map.entry("JUJU_DISPATCH_PATH", "hooks/install")));
        SHELL_OWN.forEach(env::remove);
        assertEquals(expected, env);
        // Set for the test JVM by the surefire configuration: must not reach the hook.
        assertEquals("must-not-leak", System.getenv("JUJUBE_TEST_CANARY"));
    }

    @Test
    void relation_hooks_see_their_relation() throws IOException {
        charm.hook("db-relation-changed", "env > \"$CHARM_DIR/env.out\"");
        HookInvocation invocation = charm.invocation("db-relation-changed")
                .withRelation(new RelationHookInfo("db", "db:3", "mysql/1", List.of("mysql/1", "mysql/2")));

        assertTrue(invoker.invoke(invocation, new HookFixture.Recording()).isSuccess());

        Map<String, String> env = readEnv(charm.charmDir.resolve("env.out"));
        assertEquals("db", env.get("JUJU_RELATION"));
        assertEquals("db:3", env.get("JUJU_RELATION_ID"));
        assertEquals("mysql/1", env.get("JUJU_REMOTE_UNIT"));
        assertEquals("mysql/1 mysql/2", env.get("JUJU_MEMBERS"));
        assertEquals("mysql", env.get("JUJU_REMOTE_APP"));
        assertFalse(env.containsKey("JUJU_DEPARTING_UNIT"));
    }

    @Test
    void departed_hooks_name_the_departing_unit() throws IOException {
        charm.hook("db-relation-departed", "env > \"$CHARM_DIR/env.out\"");
        HookInvocation invocation = charm.invocation("db-relation-departed")
                .withRelation(new RelationHookInfo("db", "db:3", "mysql/1", List.of("mysql/1")).departing("mysql/1"));

        assertTrue(invoker.invoke(invocation, new HookFixture.Recording()).isSuccess());

        Map<String, String> env = readEnv(charm.charmDir.resolve("env.out"));
        assertEquals("mysql/1", env.get("JUJU_DEPARTING_UNIT"));
        assertEquals("mysql", env.get("JUJU_REMOTE_APP"));
    }

    @Test
    void a_charm_with_dispatch_gets_every_event_through_it() throws IOException {
        charm.hook("install", "echo hook >> \"$CHARM_DIR/ran.out\"");
        Path dispatch = charm.charmDir.resolve("dispatch");
        Files.writeString(dispatch, "#!/bin/sh\necho \"dispatch $JUJU_DISPATCH_PATH $JUJU_HOOK_NAME\" >> \"$CHARM_DIR/ran.out\"\n");
        Files.setPosixFilePermissions(dispatch, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));
        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("leader-elected"), new HookFixture.Recording()),
                "dispatch runs also for an event without a hook file");

        assertEquals(List.of("dispatch hooks/install install", "dispatch hooks/leader-elected leader-elected"),
                Files.readAllLines(charm.charmDir.resolve("ran.out")));
    }

    @Test
    void a_dispatch_that_is_not_executable_fails_the_hook_with_its_path() throws IOException {
        charm.hook("install", "true");
        Files.writeString(charm.charmDir.resolve("dispatch"), "#!/bin/sh\n");

        HookResult result = invoker.invoke(charm.invocation("install"), new HookFixture.Recording());

        assertFalse(result.isSuccess());
        assertTrue(result.toString().contains(charm.charmDir.resolve("dispatch").toString()), result.toString());
    }

    @Test
    void broken_hooks_have_an_empty_remote_unit() throws IOException {
        charm.hook("db-relation-broken", "env > \"$CHARM_DIR/env.out\"");
        HookInvocation invocation = charm.invocation("db-relation-broken")
                .withRelation(new RelationHookInfo("db", "db:3", null, List.of()));

        assertTrue(invoker.invoke(invocation, new HookFixture.Recording()).isSuccess());

        Map<String, String> env = readEnv(charm.charmDir.resolve("env.out"));
        assertEquals("", env.get("JUJU_REMOTE_UNIT"));
        assertEquals("", env.get("JUJU_MEMBERS"));
        assertEquals("", env.get("JUJU_REMOTE_APP"), "unknown unless the caller names it");
        invoker.invoke(invocation.withRelation(invocation.relation().get().withRemoteApp("mysql")), new HookFixture.Recording());
        assertEquals("mysql", readEnv(charm.charmDir.resolve("env.out")).get("JUJU_REMOTE_APP"));
    }

    @Test
    void extra_environment_adds_but_never_overrides() throws IOException {
        charm.hook("install", "env > \"$CHARM_DIR/env.out\"");
        HookInvocation invocation = charm.invocation("install")
                .withExtraEnv(Map.of("JUJU_UNIT_NAME", "evil/9", "HTTP_PROXY", "http://proxy:3128"));

        invoker.invoke(invocation, new HookFixture.Recording());

        Map<String, String> env = readEnv(charm.charmDir.resolve("env.out"));
        assertEquals("wordpress/0", env.get("JUJU_UNIT_NAME"));
        assertEquals("http://proxy:3128", env.get("HTTP_PROXY"));
    }

    @Test
    void runs_in_the_charm_directory_with_no_input() throws IOException {
        // cat would wait forever on an inherited stdin; /dev/null ends it at once.
        charm.hook("start", "pwd -P > pwd.out; cat");

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("start"), new HookFixture.Recording()));

        assertEquals(charm.charmDir.toRealPath().toString(),
                Files.readString(charm.charmDir.resolve("pwd.out")).trim());
    }

    @Test
    void passes_output_lines_per_stream_in_order() {
        HookFixture.Recording output = new HookFixture.Recording();
        write("config-changed", "echo out1; echo err1 >&2; echo out2; echo err2 >&2; echo 'ünïcode'; printf tail");

        invoker.invoke(charm.invocation("config-changed"), output);

        assertEquals(List.of("out1", "out2", "ünïcode", "tail"), output.stdout);
        assertEquals(List.of("err1", "err2"), output.stderr);
    }

    @Test
    void reports_exit_codes() {
        write("install", "echo failing >&2; exit 3");
        HookResult result = invoker.invoke(charm.invocation("install"), new HookFixture.Recording());
        assertEquals(new HookResult.Failed("exit code 3"), result);
        assertFalse(result.isSuccess());
    }

    @Test
    void reports_signals() {
        write("stop", "kill -KILL $$");
        write("start", "kill -TERM $$");
        assertEquals(new HookResult.Failed("signal 9"), invoker.invoke(charm.invocation("stop"), new HookFixture.Recording()));
        assertEquals(new HookResult.Failed("signal 15"), invoker.invoke(charm.invocation("start"), new HookFixture.Recording()));
    }

    @Test
    void a_missing_hook_is_a_success() {
        HookResult result = invoker.invoke(charm.invocation("upgrade-charm"), new HookFixture.Recording());
        assertEquals(new HookResult.Missing(charm.charmDir.resolve("hooks/upgrade-charm")), result);
        assertTrue(result.isSuccess());
    }

    @Test
    void a_hook_that_is_not_executable_fails() throws IOException {
        Path hook = charm.charmDir.resolve("hooks/install");
        Files.writeString(hook, "#!/bin/sh\ntrue\n");
        assertEquals(new HookResult.Failed("not executable: " + hook),
                invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));
    }

    @Test
    void the_configured_default_timeout_applies() throws IOException {
        charm.hook("start", "sleep 1000");
        ProcessHookInvoker strict = ProcessServices.invoker(Duration.ofMillis(1500), Duration.ofMillis(200));
        try {
            assertEquals(new HookResult.Failed("timed out after 1500 ms"),
                    strict.invoke(charm.invocation("start"), new HookFixture.Recording()));
        } finally {
            strict.deactivate();
        }
    }

    @Test
    void lines_past_the_limit_are_told_as_the_hooks() throws IOException {
        charm.hook("install", "seq 1 1001");
        HookFixture.Recording output = new HookFixture.Recording();

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), output));

        assertEquals(1000, output.stdout.size());
        assertEquals(List.of("(1 more lines, 5 bytes, of this hook's output not shown: the first 1000 lines are)"),
                output.stderr);
    }

    @Test
    void words_each_way_a_process_ends() {
        assertEquals(new HookResult.Succeeded(), ProcessHookInvoker.resultOf(new ProcessOutcome.Exited(0)));
        assertEquals(new HookResult.Failed("exit code 128"), ProcessHookInvoker.resultOf(new ProcessOutcome.Exited(128)));
        assertEquals(new HookResult.Failed("signal 1"), ProcessHookInvoker.resultOf(new ProcessOutcome.Signalled(1)));
        assertEquals(new HookResult.Failed("timed out after 2 s"),
                ProcessHookInvoker.resultOf(new ProcessOutcome.TimedOut(Duration.ofSeconds(2))));
        assertEquals(new HookResult.Failed("reached the limit of 100 processes (maxProcesses): the unit's processes "
                + "were killed"), ProcessHookInvoker.resultOf(new ProcessOutcome.ProcessLimitReached(100)));
        assertEquals(new HookResult.Failed("wrote more than 64 MiB of output (maxOutputBytes): killed"),
                ProcessHookInvoker.resultOf(new ProcessOutcome.OutputLimitPassed(64L << 20)));
        assertEquals(new HookResult.Failed("could not start: no such file"),
                ProcessHookInvoker.resultOf(new ProcessOutcome.StartFailed("no such file")));
        assertEquals(new HookResult.Failed("could not record its process: disk full"),
                ProcessHookInvoker.resultOf(new ProcessOutcome.StartRefused("disk full")));
    }

    private void write(String name, String body) {
        try {
            charm.hook(name, body);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Map<String, String> readEnv(Path file) throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            env.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return env;
    }
}
