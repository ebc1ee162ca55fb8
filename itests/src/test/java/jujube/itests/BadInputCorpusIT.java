package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The bad command lines of {@code bad-input/cli.tsv}, each against one environment running the example
 * database and blog: each gets its expected exit code (1 refused, 2 usage) and its expected first line
 * of error, a refusal is that one line alone, no stack trace reaches the user or a log, and the
 * environment is as it was (its status, its units still started).
 */
class BadInputCorpusIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the test
    private Environment env;

    /** One line of the corpus. */
    private record Case(int exit, String firstLine, List<String> args) {}

    @Test
    void every_bad_command_line_is_refused_in_one_line_and_changes_nothing() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-corpus"), "corpus");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        String before = env.status().toString();
        long tracesBefore = stackTraceLines();

        List<Case> corpus = corpus();
        assertTrue(corpus.size() >= 30, "the corpus was read: " + corpus.size());
        for (Case c : corpus) {
            Distribution.Run run = env.run(c.args().toArray(String[]::new));
            String what = "jujube " + String.join(" ", c.args());
            assertEquals(c.exit(), run.exit(), () -> what + ": " + run.err());
            List<String> lines = run.err().lines().toList();
            assertFalse(lines.isEmpty(), what + " said nothing");
            assertEquals(c.firstLine(), lines.get(0), what);
            if (c.exit() == 1) {
                assertEquals(1, lines.size(), () -> what + " said more than one line: " + run.err());
            }
            assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), () -> what + ": " + run.err());
            assertEquals("", run.out(), what + " printed to standard output");
        }
        assertEquals(before, env.status().toString(), "the environment is as it was");
        assertEquals(tracesBefore, stackTraceLines(), "no stack trace in any log of the environment");
        assertFalse(Files.exists(Path.of("/tmp/jujube-corpus-never-written")));
    }

    private static List<Case> corpus() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = BadInputCorpusIT.class.getResourceAsStream("/bad-input/cli.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", 3);
                List<String> args = Stream.of(fields[2].split(" +"))
                        .map(w -> w.replace("{repo}", Environment.EXAMPLES.toString())).toList();
                cases.add(new Case(Integer.parseInt(fields[0]), fields[1], args));
            }
        }
        return cases;
    }

    private long stackTraceLines() throws IOException {
        long n = 0;
        try (Stream<Path> logs = Files.list(env.dir().resolve("logs"))) {
            for (Path log : logs.toList()) {
                n += Files.readAllLines(log).stream().filter(l -> l.startsWith("\tat ")).count();
            }
        }
        return n;
    }
}
