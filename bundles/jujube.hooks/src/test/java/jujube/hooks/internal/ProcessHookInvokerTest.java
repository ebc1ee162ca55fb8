package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.hooks.spawn.HookSpawner;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The invoker against real shell-script hooks: environment, directory, output and exit statuses. */
@ParameterizedClass(name = "{0}")
@MethodSource("jujube.hooks.internal.HookSpawners#both")
class ProcessHookInvokerTest {
    /** Variables a shell may export on its own account. */
    private static final Set<String> SHELL_OWN = Set.of("PWD", "OLDPWD", "SHLVL", "_");

    @TempDir
    Path root;
    HookFixture charm;
    final HookSpawner spawner;
    final ProcessHookInvoker invoker;

    ProcessHookInvokerTest(HookSpawner spawner) {
        this.spawner = spawner;
        this.invoker = HookSpawners.invoker(spawner, Duration.ofSeconds(60), Duration.ofMillis(200));
    }

    @BeforeEach
    void setUp() throws IOException {
        charm = new HookFixture(root);
    }

    @Test
    void replaces_the_environment() throws IOException {
        charm.hook("install", "env > \"$CHARM_DIR/env.out\"");

        assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));

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
                Map.entry("HOME", charm.unitDir.toString())));
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
    void the_agents_own_descriptors_do_not_reach_the_hook() throws IOException {
        Path marker = Files.writeString(root.resolve("agent-private"), "held open by the agent");
        charm.hook("install", "ls -l /proc/$$/fd/ > \"$CHARM_DIR/fds.out\"");

        try (FileChannel held = FileChannel.open(marker, StandardOpenOption.READ)) {
            assertEquals(new HookResult.Succeeded(), invoker.invoke(charm.invocation("install"), new HookFixture.Recording()));
        }

        String fds = Files.readString(charm.charmDir.resolve("fds.out"));
        assertTrue(fds.contains(" 0 -> /dev/null"), fds);
        assertFalse(fds.contains(marker.toString()), fds);
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
    void maps_exit_statuses() {
        assertEquals(new HookResult.Succeeded(), ProcessHookInvoker.statusOf(0));
        assertEquals(new HookResult.Failed("exit code 1"), ProcessHookInvoker.statusOf(1));
        assertEquals(new HookResult.Failed("exit code 128"), ProcessHookInvoker.statusOf(128));
        assertEquals(new HookResult.Failed("signal 1"), ProcessHookInvoker.statusOf(129));
        assertEquals(new HookResult.Failed("exit code 255"), ProcessHookInvoker.statusOf(255));
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
