package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.testkit.Polling;
import jujube.provider.local.LocalLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/demo}, the README's main command, converges in a fresh JUJUBE_HOME and says how to go on;
 * then every command of the README's tour runs on what it made, as written there.
 */
class DemoIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Path ROOT = Path.of(System.getProperty("jujube.itest.dist"), "../../..").normalize();
    private Path home;

    @AfterEach
    void destroy() throws Exception {
        Distribution jujube = new Distribution(home);
        if (Files.exists(jujube.envDir())) {
            jujube.jujube("destroy-environment", "-y");
        }
        for (ProcessHandle p : Distribution.processesMentioning(home)) {
            p.destroyForcibly();
        }
    }

    @Test
    void demo_relates_a_blog_and_its_database_and_explains_what_next() throws Exception {
        home = SCRATCH.make("jujube-demo");
        Distribution jujube = new Distribution(home);
        Distribution.Run demo = jujube.run(Map.of("JUJUBE_HOME", home.toString()), ROOT.resolve("bin/demo").toString());
        assertEquals(0, demo.exit(), demo.err() + demo.out());
        assertTrue(demo.out().contains("credentials: 1/1"), demo.out());
        assertTrue(demo.out().contains("blog/0:\n        agent-state: started"), demo.out());
        assertTrue(demo.out().contains("bin/jujube destroy-environment -y"), demo.out());
        // it ends with the dashboard's address and a login
        assertTrue(demo.out().matches("(?s).*\ndashboard: https://[0-9.]+:[0-9]+/dashboard/\n.*"
                + "\nlogin: +https://[^\n]+/dashboard/login\\?token=[0-9]+\\.[A-Za-z0-9_-]{43}\n.*"), demo.out());
        Path blog = LocalLayout.machineDir(jujube.envDir(), 0, Environment.containers(jujube.envDir())).resolve("units/blog-0");
        assertTrue(Files.readString(blog.resolve("db.conf")).contains("user=blog"));

        // the log kept what the agents did while nobody read it: what the demo suggests shows it
        assertTrue(demo.out().contains("bin/jujube debug-log --replay"), demo.out());
        Distribution.Run history = jujube.run(Map.of("JUJUBE_HOME", home.toString()), "/bin/sh", "-c",
                "cd '" + ROOT + "' && bin/jujube debug-log --replay --no-tail -i blog/0");
        assertEquals(0, history.exit(), history.err() + history.out());
        assertTrue(history.out().contains("blog/0: unit.hook INFO: running hook install"), history.out());
        assertTrue(history.out().contains("hook db-relation-changed"), history.out());

        // run again on the same environment: nothing is deployed twice
        Distribution.Run again = jujube.run(Map.of("JUJUBE_HOME", home.toString()), ROOT.resolve("bin/demo").toString());
        assertEquals(0, again.exit(), again.err() + again.out());
        assertTrue(again.err().contains("already bootstrapped") || again.out().contains("already bootstrapped"), again.err());
        assertTrue(!again.out().contains("Deployed"), again.out());

        exploreAsTheDemoSuggests(demo.out());
        takeTheReadmeTour(jujube);
    }

    /**
     * Runs each command of the demo's "Explore:" list as printed, in the repository's root: each returns and
     * prints what its comment promises. {@code debug-log} and {@code ssh 0} are interactive: the first runs until
     * it has shown a hook, the second gets its commands on its input.
     */
    private void exploreAsTheDemoSuggests(String demoOut) throws Exception {
        List<String> lines = demoOut.lines().toList();
        int start = lines.indexOf(lines.stream().filter(l -> l.endsWith(" Explore:")).findFirst().orElseThrow(
                () -> new AssertionError("the demo says what to explore: " + demoOut)));
        List<String> commands = lines.subList(start + 1, lines.size()).stream()
                .takeWhile(l -> l.startsWith("  ")).map(l -> l.replaceFirst("\\s+#.*$", "").strip())
                .filter(l -> !l.isEmpty()).toList();
        assertEquals(7, commands.size(), "the demo's suggestions: " + commands);
        Map<String, String> env = Map.of("JUJUBE_HOME", home.toString());
        for (String command : commands) {
            String shown;
            if (command.startsWith("bin/jujube debug-log")) {
                assertTrue(showsAHook(env, command), command + " shows the hooks a configuration change runs");
                continue;
            } else if (command.equals("bin/jujube ssh 0")) {
                shown = shell(env, command, "echo inside-$((6*7)); ls /\n");
                assertEquals("inside-42", shown.lines().findFirst().orElse(""), command + " gives a quiet shell: " + shown);
                assertTrue(shown.contains("\netc\n"), command + " runs in /: " + shown);
                continue;
            } else {
                shown = shell(env, command, "");
            }
            String word = command.startsWith("less ") ? "less" : command.split(" ")[1];
            String expected = switch (word) {
                case "status" -> "blog/0";        // the tabular status names the units
                case "ssh" -> "hook.log";         // the unit's directory
                case "less" -> "hook=install: running"; // the machine's log holds each hook run
                case "set" -> "title";            // says what changed
                case "add-unit" -> "blog/1";      // names the unit it added
                default -> throw new AssertionError("the demo suggests a command this test does not know: " + command);
            };
            assertTrue(shown.contains(expected), command + " prints '" + expected + "': " + shown);
        }
    }

    /** Runs {@code command} with {@code sh} in the repository's root with {@code input}; its output, once it exited 0. */
    private String shell(Map<String, String> env, String command, String input) throws Exception {
        Path in = Files.writeString(Files.createTempFile(home, "input", ".txt"), input);
        Path out = Files.createTempFile(home, "output", ".txt");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "cd '" + ROOT + "' && " + command)
                .redirectErrorStream(true).redirectInput(in.toFile()).redirectOutput(out.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        boolean returned = p.waitFor(2, java.util.concurrent.TimeUnit.MINUTES);
        p.destroyForcibly();
        assertTrue(returned, command + " returns: " + Files.readString(out));
        assertEquals(0, p.exitValue(), command + ": " + Files.readString(out));
        return Files.readString(out);
    }

    /**
     * Runs each line of the README's tour with {@code sh} in the repository's root. What the demo already
     * did (bootstrap, deploy, add-relation) is checked to be in {@code bin/demo} instead of being run twice;
     * {@code debug-log} runs until it has shown a hook that a change of configuration ran.
     */
    private void takeTheReadmeTour(Distribution jujube) throws Exception {
        String demoScript = Files.readString(ROOT.resolve("bin/demo"));
        Map<String, String> env = Map.of("JUJUBE_HOME", home.toString());
        List<String> tour = readmeTour();
        assertTrue(tour.size() >= 8, "the README has a tour: " + tour);
        for (String command : tour) {
            String subcommand = command.replaceFirst("^bin/jujube +", "").split(" ")[0];
            if (List.of("bootstrap", "deploy", "add-relation").contains(subcommand)) {
                assertTrue(demoScript.contains("\"$jujube\" " + subcommand), "bin/demo runs " + command);
            } else if (subcommand.equals("debug-log")) {
                assertTrue(showsAHook(env, command), "debug-log shows the hooks a configuration change runs");
            } else {
                Distribution.Run run = jujube.run(env, "/bin/sh", "-c", "cd '" + ROOT + "' && " + command);
                assertEquals(0, run.exit(), command + ": " + run.err() + run.out());
            }
        }
        assertTrue(!Files.exists(jujube.envDir()), "the tour ends with the environment destroyed");
    }

    /** The commands of the README's tour, without their comments. */
    private static List<String> readmeTour() throws Exception {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        int start = lines.indexOf("## A tour");
        assertTrue(start >= 0, "README has a section '## A tour'");
        List<String> commands = new ArrayList<>();
        boolean inBlock = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("```")) {
                if (inBlock) {
                    break;
                }
                inBlock = true;
            } else if (inBlock) {
                String command = line.replaceFirst("\\s+#.*$", "").strip();
                for (String part : command.split(" ; ")) {
                    commands.add(part.strip());
                }
            }
        }
        return commands;
    }

    /** Runs {@code command} (debug-log) while the blog's configuration changes; true once it shows the hook. */
    private boolean showsAHook(Map<String, String> env, String command) throws Exception {
        Path out = Files.createTempFile(home, "debug-log", ".txt");
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "cd '" + ROOT + "' && exec " + command)
                .redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().putAll(env);
        Process debugLog = pb.start();
        try {
            Distribution jujube = new Distribution(home);
            Polling.every(Duration.ofMillis(500)).atMost(Duration.ofMinutes(2)).until(() -> {
                jujube.jujube("set", "blog", "title=tour " + System.nanoTime()); // the log shows what runs after it listens
                return Files.readString(out).contains("config-changed");
            });
            return true;
        } finally {
            debugLog.destroy();
            debugLog.waitFor();
        }
    }
}
