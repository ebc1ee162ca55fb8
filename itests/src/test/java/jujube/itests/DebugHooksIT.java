package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code jujube debug-hooks} on the real distribution, on a process machine and on a container machine
 * (whose tmux server runs inside the container as the machine's root, which is nobody on the host: the
 * test's tmux client runs in the container too, through {@code lxc-attach}, as the command {@code
 * debug-hooks} prints for attaching does). The test cannot attach a
 * terminal, so it runs the command with {@code --no-attach} (it makes the unit's tmux session, sets the
 * debug flag and keeps both until its session ends or it is killed) and plays the operator with tmux:
 * {@code send-keys} types into the held hook's window, {@code capture-pane} reads it. What it shows: a
 * held relation hook is a shell whose {@code relation-get} and {@code relation-set} work and whose
 * {@code exit 0} commits (the other side sees the setting); the other unit's hooks run meanwhile; an
 * {@code exit 1} in config-changed (in each of the agent's automatic retries) puts the unit in its error
 * state and {@code resolved --retry} opens a new window; a second debug-hooks and an unknown unit are refused in one line; killing the command
 * clears the flag and the next hook runs its file.
 */
@ResourceLock(ContainerMachines.LOCK)
class DebugHooksIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;
    private Process debugging;

    @AfterEach
    void stopDebugging() {
        if (debugging != null) {
            debugging.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"process", "container"})
    void a_debugged_unit_runs_its_hooks_as_shells_in_tmux_windows(String machines) throws Exception {
        Path home = SCRATCH.make("jujube-debug");
        env = Environment.bootstrap(home, "dbg", "--machines", machines);
        TestCharms charms = new TestCharms(home.resolve("repository"));
        charms.write("kvserver", 1, "provides:\n  kv:\n    interface: kv\n", Map.of(
                "install", TestCharms.logs("install"), "start", TestCharms.logs("start"),
                "kv-relation-joined", "relation-set greeting=hello\n" + TestCharms.logs("kv-relation-joined"),
                "kv-relation-changed", "echo \"answer $(relation-get answer)\" >> \"$unit_dir/hook.log\""));
        Path client = charms.write("kvclient", 1, "requires:\n  kv:\n    interface: kv\n", Map.of(
                "install", TestCharms.logs("install"), "start", TestCharms.logs("start"),
                "config-changed", TestCharms.logs("config-changed")));
        Files.writeString(client.resolve("config.yaml"), "options:\n  mode:\n    type: string\n    default: a\n"
                + "    description: anything\n");
        env.ok("deploy", "--repository", charms.repository().toString(), "local:kvserver");
        env.ok("deploy", "--repository", charms.repository().toString(), "local:kvclient");
        env.awaitUnits(Map.of("kvserver/0", "started", "kvclient/0", "started"));
        long configChanged = env.count("kvclient/0", "config-changed -");

        startDebugging("kvclient/0");
        Distribution.Run second = env.run("debug-hooks", "kvclient/0");
        assertEquals(1, second.exit());
        assertEquals("jujube: Service unit 'kvclient/0' is already in debug mode (another debug-hooks session runs)\n",
                second.err());
        Distribution.Run unknown = env.run("debug-hooks", "nosuch/0");
        assertEquals(1, unknown.exit());
        assertEquals("jujube: unit nosuch/0 does not exist\n", unknown.err());

        // a held relation hook: its tools work, its exit 0 commits, and the other unit is not held up
        env.ok("add-relation", "kvserver", "kvclient");
        type(awaitWindow("kv-relation-created"), "exit 0"); // the first of the relation's hooks, held too
        String joined = awaitWindow("kv-relation-joined");
        env.awaitHookLine("kvserver/0", "kv-relation-joined kvclient/0");
        // the server's relation-set is saved when its hook has exited 0, after the hook's last line: the held
        // hook reads a settings node once, so it asks only once the greeting is there
        POLLING.await("kvserver/0's greeting saved").atMost(Environment.CONVERGE)
                .until(() -> env.machineLog(0).lines().anyMatch(line -> line.contains(
                        "unit=kvserver/0 hook=kv-relation-joined") && line.contains("Setting changed: 'greeting'")));
        type(joined, "relation-get greeting kvserver/0; echo \"in $PWD as $JUJU_UNIT_NAME\"");
        awaitPane(joined, "hello");
        awaitPane(joined, "in " + env.unitDir("kvclient/0").resolve("charm") + " as kvclient/0");
        type(joined, "relation-set answer=42");
        type(joined, "exit 0");
        type(awaitWindow("kv-relation-changed"), "exit 0");
        env.awaitHookLine("kvserver/0", "answer 42");

        // a failing shell fails the hook: the unit's error state; resolved --retry holds the hook again
        // (the agent runs a failed hook twice more before the error state: each run is held again)
        env.ok("set", "kvclient", "mode=b");
        String window = null;
        for (int run = 1; run <= 3; run++) {
            window = awaitWindow("config-changed", window);
            type(window, "exit 1");
        }
        env.awaitUnits(Map.of("kvserver/0", "started", "kvclient/0", "configure-error"));
        env.ok("resolved", "--retry", "kvclient/0");
        type(awaitWindow("config-changed", window), "exit 0");
        env.awaitUnits(Map.of("kvserver/0", "started", "kvclient/0", "started"));
        assertEquals(configChanged, env.count("kvclient/0", "config-changed -"), "no hook file ran while debugged");

        // ending the command ends the debug session: the next hook runs its file
        debugging.destroy();
        debugging.waitFor();
        POLLING.await("debug-hooks off in the agent's log").atMost(Environment.CONVERGE)
                .until(() -> env.machineLog(0).contains("unit=kvclient/0: debug-hooks session off"));
        assertTrue(tmux("has-session", "-t", "=jujube-kvclient-0").exit() != 0, "the tmux session is gone");
        env.ok("set", "kvclient", "mode=c");
        POLLING.await("config-changed ran its file").atMost(Environment.CONVERGE)
                .until(() -> env.count("kvclient/0", "config-changed -") == configChanged + 1);
    }

    /** Starts {@code debug-hooks --no-attach} in the background; waits until the agent holds the unit's hooks. */
    private void startDebugging(String unit) throws Exception {
        Path out = Files.createTempFile("jujube-debug-hooks", ".out");
        ProcessBuilder builder = new ProcessBuilder(env.distribution.dist.resolve("bin/jujube").toString(),
                "debug-hooks", "--no-attach", unit, "-e", env.name)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("JUJUBE_HOME", env.distribution.home.toString());
        debugging = builder.start();
        POLLING.await("debug-hooks ready").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> Environment.lines(out).stream()
                .anyMatch(l -> l.contains("attach with: ") && l.contains("env -C " + env.unitDir(unit) + " tmux -S tmux.socket attach")),
                        () -> "last seen: " + String.join("\n", Environment.lines(out))));
        POLLING.await("debug-hooks on in the agent's log").atMost(Environment.CONVERGE)
                .until(() -> env.machineLog(0).contains("unit=" + unit + ": debug-hooks session on"));
    }

    private Distribution.Run tmux(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-C", env.unitDir("kvclient/0").toString(), "tmux", "-S", "tmux.socket"));
        all.addAll(List.of(args));
        if (Environment.containers(env.dir())) {
            all.add(0, "env");
            return new ContainerMachines(env).attach(0, all.toArray(String[]::new));
        }
        return env.distribution.run(Map.of(), "env", all.toArray(String[]::new));
    }

    private String awaitWindow(String hook) throws Exception {
        return awaitWindow(hook, null);
    }

    /** Waits for a window named after the hook, other than {@code previous}; returns its id. */
    private String awaitWindow(String hook, String previous) throws Exception {
        String[] id = new String[1];
        POLLING.await("window " + hook).atMost(Environment.CONVERGE).until(() -> {
            try {
                id[0] = tmux("list-windows", "-t", "=jujube-kvclient-0", "-F", "#{window_name} #{window_id}").out()
                        .lines().filter(l -> l.startsWith(hook + " @")).map(l -> l.split(" ")[1])
                        .filter(w -> !w.equals(previous)).findFirst().orElse(null);
                return id[0] != null;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        // type only once the hook's shell prompts, as an operator would: keys sent before the shell
        // read the terminal were lost now and then
        String prompt = "[kvclient/0 " + hook + "]";
        String[] pane = new String[1];
        POLLING.await("the prompt of window " + hook).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            try {
                pane[0] = tmux("capture-pane", "-p", "-J", "-t", id[0]).out();
                return pane[0].lines().anyMatch(l -> l.startsWith(prompt));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, () -> "last seen: " + pane[0]));
        return id[0];
    }

    private void type(String window, String line) throws Exception {
        assertEquals(0, tmux("send-keys", "-t", window, "-l", line).exit());
        assertEquals(0, tmux("send-keys", "-t", window, "Enter").exit());
    }

    private void awaitPane(String window, String text) {
        String[] pane = new String[1];
        POLLING.await("'" + text + "' in window " + window).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            try {
                pane[0] = tmux("capture-pane", "-p", "-J", "-t", window).out();
                return pane[0].lines().anyMatch(l -> l.strip().equals(text));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, () -> "last seen: " + pane[0]));
    }
}
