package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The bad-input corpus of {@code bad-input/} (command lines, settings, hook tool calls, charms, socket frames; each
 * file's header says what its cases expect), all against one environment running the example database
 * and blog (two units, blog/0 its leader), related. Each case gets its expected exit and its one-line error;
 * after each file the environment is as it was (status, configuration, leader settings, the relation's
 * application data bags, charm storage), no stack trace reached a log, nothing was written outside the
 * environment, and the units still run hooks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputCorpusIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Where cases that try to write outside the environment aim. */
    private static final List<Path> NEVER_WRITTEN = List.of(Path.of("/tmp/jujube-corpus-never-written"),
            Path.of("/tmp/jujube-corpus-escape"));

    private Environment env;
    /** Input files the cases name ({files}). */
    private Path files;
    /** blog's db relation, as hooks name it. */
    private String relation;
    private int probes;

    /**
     * What must be as it was after a corpus file; {@code leaderData} is blog's leader settings and both
     * application bags of the db relation, as blog's leader reads them.
     */
    private record Baseline(String status, String blogConfig, String environmentConfig, String leaderData,
            List<String> storage, long traces) {}

    @BeforeAll
    void environment() throws Exception {
        Path home = SCRATCH.make("jujube-corpus");
        env = Environment.bootstrap(home, "corpus");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.ok("deploy", Environment.EXAMPLES.resolve("greeter").toString()); // a charm with an action
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "greeter/0", "started"));
        // a second unit once blog/0 leads: the unit that calls the leader's tools without leading
        Environment.converging("blog/0 leads blog").until(() -> env.status().path("services").path("blog")
                .path("units").path("blog/0").path("leader").asBoolean(false));
        env.ok("add-unit", "blog");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started", "greeter/0", "started"));
        env.awaitHookLine("blog/1", "db-relation-changed mysql/0 ready");
        Environment.converging("greeter/0 reports its leader's greeting").until(() -> env.status().path("services")
                .path("greeter").path("units").path("greeter/0").path("workload-status").path("message").asText()
                .equals("Hello from greeter/0"));
        env.awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
        relation = inBlog("relation-ids db").path("stdout").asText().strip();
        files = Files.createDirectories(home.resolve("inputs"));
        Files.writeString(files.resolve("big"), "b".repeat(1_500_000));
        Files.writeString(files.resolve("half"), "h".repeat(600_000));
        Files.writeString(files.resolve("huge-title.yaml"), "blog:\n  title: " + "t".repeat(1_500_000) + "\n");
        try (RandomAccessFile sparse = new RandomAccessFile(files.resolve("sparse.yaml").toFile(), "rw")) {
            sparse.setLength((4 << 20) + 1);
        }
        Files.writeString(files.resolve("garbage.yaml"), "{{{ :");
        Files.writeString(files.resolve("list.yaml"), "[1, 2]\n");
        Files.writeString(files.resolve("other-service.yaml"), "mysql: {}\n");
        Files.writeString(files.resolve("nested.yaml"), "blog: {port: [80]}\na: [1, 2]\n");
        Files.write(files.resolve("latin1.yaml"), new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xe9, '\n'});
        Files.writeString(files.resolve("big-params.yaml"), "name: " + "p".repeat(70_000) + "\n");
        bundles(files, Environment.EXAMPLES.toString());
        // the first probe sets the key every later probe changes, so blog's settings keep one size from here on
        assertHooksStillRun();
    }

    /** The bad bundles cli.tsv deploys: each wrong in one part, each refused whole. */
    private static void bundles(Path files, String repo) throws IOException {
        String apps = "applications:\n  db2:\n    charm: " + repo + "/precise/mysql\n  web2:\n    charm: " + repo
                + "/precise/wordpress\n";
        Files.writeString(files.resolve("bundle-unknown-key.yaml"), apps + "    colour: red\n");
        Files.writeString(files.resolve("bundle-missing-charm.yaml"), apps.replace("/precise/mysql", "/precise/nosuch"));
        Files.writeString(files.resolve("bundle-bad-endpoint.yaml"), apps + "relations:\n  - [web2:nosuch, db2]\n");
        Files.writeString(files.resolve("bundle-bad-option.yaml"), apps + "    options: {port: eighty}\n");
        // blog's db endpoint declares limit: 1, and blog is related to mysql already
        Files.writeString(files.resolve("bundle-over-limit.yaml"), "applications:\n  blog:\n    charm: " + repo
                + "/precise/wordpress\n  db2:\n    charm: " + repo + "/precise/mysql\nrelations:\n  - [blog:db, db2]\n");
        Files.writeString(files.resolve("bundle-big.yaml"), "# " + "x".repeat(1 << 20) + "\n"); // 1048579 bytes
        Files.write(files.resolve("bundle-latin1.yaml"), ("description: caf\u00e9\n" + apps)
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    @AfterAll
    void destroy() throws Exception {
        if (env != null) {
            env.close();
        }
    }

    @Test
    void bad_command_lines_are_refused_in_one_line() throws Exception {
        List<String[]> corpus = CorpusTable.rows("cli.tsv", 3);
        assertTrue(corpus.size() >= 30, "the corpus was read: " + corpus.size());
        commandLines(corpus, Map.of("repo", Environment.EXAMPLES.toString(), "files", files.toString()));
    }

    @Test
    void bad_actions_and_tasks_are_refused_before_a_task_exists() throws Exception {
        List<String[]> corpus = CorpusTable.rows("actions.tsv", 3);
        assertTrue(corpus.size() >= 15, "the corpus was read: " + corpus.size());
        String operations = env.ok("operations", "--format", "json");
        commandLines(corpus, Map.of("files", files.toString()));
        assertEquals(operations, env.ok("operations", "--format", "json"), "no task was queued");
    }

    @Test
    void bad_settings_are_refused_in_one_line() throws Exception {
        List<String[]> corpus = CorpusTable.rows("settings.tsv", 3);
        assertTrue(corpus.size() >= 25, "the corpus was read: " + corpus.size());
        commandLines(corpus, Map.of("files", files.toString()));
    }

    @Test
    void bad_hook_tool_calls_are_refused_in_one_line() throws Exception {
        List<String[]> corpus = CorpusTable.rows("hook-tools.tsv", 3);
        assertTrue(corpus.size() >= 50, "the corpus was read: " + corpus.size());
        hookToolCalls(corpus, "blog/0");
    }

    @Test
    void the_leaders_tools_refuse_a_unit_that_does_not_lead() throws Exception {
        List<String[]> corpus = CorpusTable.rows("hook-tools-non-leader.tsv", 3);
        assertTrue(corpus.size() >= 5, "the corpus was read: " + corpus.size());
        assertFalse(env.status().path("services").path("blog").path("units").path("blog/1").path("leader").asBoolean(false),
                "blog/1 does not lead blog");
        hookToolCalls(corpus, "blog/1");
    }

    /**
     * Runs hook tool calls (exit, last line of error, command) in a unit's hook context and checks the
     * environment did not change.
     */
    private void hookToolCalls(List<String[]> corpus, String unit) throws Exception {
        Map<String, String> placeholders = Map.of("rel", relation, "files", files.toString());
        Baseline before = baseline();
        for (String[] c : corpus) {
            int exit = Integer.parseInt(c[0]);
            String expected = CorpusTable.expand(c[1], placeholders);
            String command = CorpusTable.expand(c[2], placeholders);
            String what = unit + ": " + shorten(command);
            Distribution.Run run = env.run("exec", "--unit", unit, "--format", "json", command);
            assertEquals(1, run.exit(), () -> what + ": jujube exec fails when its command does: " + run.err());
            JsonNode result = JSON.readTree(run.out()).path("results").path(0);
            String error = result.path("error").asText("");
            List<String> stderr = result.path("stderr").asText("").lines().toList();
            assertEquals("", result.path("stdout").asText(""), what + " printed to standard output");
            assertNoTrace(what, result.toString());
            if (!error.isEmpty()) {
                assertEquals(expected, error, what + ": the run's error");
                continue;
            }
            assertEquals(exit, result.path("exit-code").asInt(-1), () -> what + ": " + result);
            assertFalse(stderr.isEmpty(), what + " said nothing");
            assertEquals(expected, stderr.get(stderr.size() - 1), what);
            assertTrue(stderr.size() <= exit, () -> what + " said more than " + exit + " lines: " + stderr);
        }
        assertUnchanged(before, "hook tool calls in " + unit);
    }

    /** Runs command lines (exit, first line of error, arguments) and checks the environment did not change. */
    private void commandLines(List<String[]> corpus, Map<String, String> placeholders) throws Exception {
        Baseline before = baseline();
        for (String[] c : corpus) {
            int exit = Integer.parseInt(c[0]);
            String expected = CorpusTable.expand(c[1], placeholders);
            String[] args = Stream.of(c[2].split(" +")).map(w -> CorpusTable.expand(w, placeholders)).toArray(String[]::new);
            Distribution.Run run = env.run(args);
            String what = "jujube " + shorten(String.join(" ", args));
            assertEquals(exit, run.exit(), () -> what + ": " + run.err());
            List<String> lines = run.err().lines().toList();
            assertFalse(lines.isEmpty(), what + " said nothing");
            assertEquals(expected, lines.get(0), what);
            if (exit == 1) {
                assertEquals(1, lines.size(), () -> what + " said more than one line: " + run.err());
            }
            assertNoTrace(what, run.err());
            assertEquals("", run.out(), what + " printed to standard output");
        }
        assertUnchanged(before, "command lines");
    }

    @Test
    void bad_charms_are_refused_before_anything_is_written() throws Exception {
        List<BadCharms.Case> corpus = BadCharms.build(files.resolve("charms"));
        assertTrue(corpus.size() >= 25, "the corpus was read: " + corpus.size());
        Baseline before = baseline();
        for (BadCharms.Case c : corpus) {
            Distribution.Run run = env.run("deploy", "--repository", c.repository().toString(), "local:" + c.name());
            String what = "deploy of " + c.name();
            assertNoTrace(what, run.err());
            if (c.deploys()) {
                assertEquals(0, run.exit(), () -> what + ": " + run.err());
                env.ok("destroy-service", c.name());
            } else {
                assertEquals(1, run.exit(), () -> what + ": " + run.err());
                String error = run.err().strip();
                assertTrue(errorPattern(c.error()).matcher(error).matches(), () -> what + ": expected <" + c.error()
                        + "> but was <" + error + ">");
                assertEquals(1, run.err().lines().count(), () -> what + " said more than one line: " + run.err());
                assertEquals("", run.out(), what + " printed to standard output");
            }
        }
        JsonNode services = env.status().path("services");
        corpus.forEach(c -> assertTrue(services.path(c.name()).isMissingNode(), c.name() + ": no service"));
        List<String> deployed = corpus.stream().filter(BadCharms.Case::deploys).map(BadCharms.Case::storedAs).toList();
        assertUnchanged(new Baseline(before.status(), before.blogConfig(), before.environmentConfig(), before.leaderData(),
                Stream.concat(before.storage().stream(), deployed.stream()).sorted().toList(), before.traces()), "charms");
    }

    /** An expected error as a pattern: {number} stands for a count that depends on the run (a node's size). */
    private static Pattern errorPattern(String expected) {
        return Pattern.compile(Stream.of(expected.split("\\{number\\}", -1)).map(Pattern::quote)
                .collect(Collectors.joining("[0-9]+")));
    }

    @Test
    void bad_frames_get_an_error_or_a_closed_connection() throws Exception {
        List<String[]> corpus = CorpusTable.rows("frames.tsv", 2);
        assertTrue(corpus.size() >= 20, "the corpus was read: " + corpus.size());
        Path socket = Path.of(inBlog("echo \"$JUJU_AGENT_SOCKET\"").path("stdout").asText().strip());
        Baseline before = baseline();
        for (String[] c : corpus) {
            String expected = c[0];
            String[] sent = c[1].split(" ", 2);
            String what = shorten(c[1]);
            try (HookSocketProbe probe = new HookSocketProbe(socket)) {
                boolean raw = sent[0].equals("raw");
                if (raw) {
                    probe.write(HexFormat.of().parseHex(sent[1]));
                    probe.endOutput();
                } else {
                    probe.write(HookSocketProbe.frame(CorpusTable.expand(sent.length > 1 ? sent[1] : "", Map.of())));
                }
                Optional<JsonNode> answer = probe.answer();
                if (expected.equals("closed")) {
                    assertEquals(Optional.empty(), answer, what + ": closed without an answer");
                    continue;
                }
                assertTrue(answer.isPresent(), what + ": no answer");
                if (expected.startsWith("exit ")) {
                    assertEquals(expected, "exit " + answer.get().path("result").path("exit").asInt(), what + ": " + answer.get());
                } else {
                    assertEquals(expected.replace(", closed", ""), "error " + answer.get().path("error").path("code").asText(),
                            what + ": " + answer.get());
                }
                if (expected.endsWith(", closed")) {
                    assertEquals(Optional.empty(), probe.answer(), what + ": then closed");
                } else {
                    probe.write(HookSocketProbe.frame(HookSocketProbe.VALID_CALL));
                    assertEquals(0, probe.answer().orElseThrow().path("result").path("exit").asInt(-1),
                            what + ": the connection still serves");
                }
            }
        }
        assertUnchanged(before, "frames");
    }

    /** Runs a command in blog/0's hook context; the result of the run (exit-code, stdout, stderr). */
    private JsonNode inBlog(String command) throws Exception {
        String out = env.ok("exec", "--unit", "blog/0", "--format", "json", command);
        return JSON.readTree(out).path("results").path(0);
    }

    private Baseline baseline() throws Exception {
        return new Baseline(env.status().toString(), env.ok("get", "blog"), env.ok("get-env"), leaderData(), storage(),
                env.stackTraceLines());
    }

    /** blog's leader settings and the db relation's application bags, blog's and mysql's, as blog's leader reads them. */
    private String leaderData() throws Exception {
        JsonNode read = inBlog("leader-get --format=json; relation-get -r " + relation + " --app --format=json - blog;"
                + " relation-get -r " + relation + " --app --format=json - mysql");
        assertEquals(0, read.path("exit-code").asInt(-1), () -> "blog's leader reads its data: " + read);
        return read.path("stdout").asText();
    }

    private void assertUnchanged(Baseline before, String corpus) throws Exception {
        assertEquals(before.status(), env.status().toString(), corpus + ": the status is as it was");
        assertEquals(before.blogConfig(), env.ok("get", "blog"), corpus + ": blog's configuration is as it was");
        assertEquals(before.environmentConfig(), env.ok("get-env"), corpus + ": the environment's configuration is as it was");
        assertEquals(before.leaderData(), leaderData(), corpus + ": blog's leader settings and application bags are as they were");
        assertEquals(before.storage(), storage(), corpus + ": nothing was added to the charm storage");
        long traces = env.stackTraceLines();
        if (traces != before.traces()) {
            assertEquals(before.traces(), traces, corpus + ": no stack trace in any log of the environment: " + env.traceHeads());
        }
        for (Path path : NEVER_WRITTEN) {
            assertFalse(Files.exists(path), corpus + ": " + path + " was written");
        }
        assertHooksStillRun();
    }

    /**
     * Both units still run hooks: a configuration change runs blog's config-changed, and a relation
     * setting blog changes runs mysql's db-relation-changed.
     */
    private void assertHooksStillRun() throws Exception {
        String tag = String.format("%06d", ++probes);
        long configChanged = lines("blog/0", "config-changed");
        long relationChanged = lines("mysql/0", "db-relation-changed blog/0");
        env.ok("set", "blog", "title=probe-" + tag);
        env.ok("exec", "--unit", "blog/0", "relation-set -r " + relation + " probe=" + tag);
        POLLING.await("blog's config-changed and mysql's db-relation-changed after probe " + tag).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> lines("blog/0", "config-changed") > configChanged
                        && lines("mysql/0", "db-relation-changed blog/0") > relationChanged,
                        () -> "last seen: " + env.hookLog("blog/0") + " " + env.hookLog("mysql/0")));
    }

    private long lines(String unit, String prefix) {
        return env.hookLog(unit).stream().filter(l -> l.startsWith(prefix)).count();
    }

    private List<String> storage() throws IOException {
        Path charms = env.dir().resolve("charms");
        try (Stream<Path> stored = Files.list(charms)) {
            return stored.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }



    private static void assertNoTrace(String what, String output) {
        assertFalse(output.contains("Exception") || output.contains("\tat "), () -> what + ": " + output);
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
