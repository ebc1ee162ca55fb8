package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.files.FileTrees;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The corrupt state files of {@code bad-input/state-files.tsv} on the real distribution: one environment runs
 * the example database and blog, one blog unit per case and one more as a witness, all on machine 0. With
 * the machine's agent frozen (so that it writes nothing meanwhile), each case's file is written into its
 * unit's directory, then the agent is killed and restarted by the provider. Each unit with a corrupt file
 * must show {@code local-state-error} with the file and its problem in status, run no hook, and be logged
 * once; the witness goes on running hooks; no stack trace reaches a log; and {@code jujube resolved
 * --reset-state} brings every unit back to started without running again the hooks it ran.
 */
class StateFilesCorpusIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final String WITNESS = "blog/0";
    private static final Pattern RELATION_FILE = Pattern.compile("relation-\\d+\\.json");

    @AutoClose // destroys the environment after the test
    private Environment env;

    /** One line of the corpus. */
    private record Case(String file, byte[] content, String expected) {}

    @Test
    void each_corrupt_state_file_stops_only_its_unit_until_reset_state_rebuilds_it() throws Exception {
        List<Case> corpus = corpus();
        assertTrue(corpus.size() >= 11, "the corpus was read: " + corpus.size());
        env = Environment.bootstrap(SCRATCH.make("jujube-state-files"), "statefiles");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog", "-n",
                Integer.toString(corpus.size() + 1));
        env.ok("add-relation", "blog", "mysql");
        Map<String, String> started = new HashMap<>(Map.of("mysql/0", "started"));
        for (int i = 0; i <= corpus.size(); i++) {
            started.put("blog/" + i, "started");
            // the last hook of the handshake: nothing runs for the relation after it
            env.awaitHookLine("mysql/0", "db-relation-changed blog/" + i + " ready=true");
        }
        env.awaitUnits(started);
        long tracesBefore = env.stackTraceLines();

        long pid = env.machinePid(0);
        signal("STOP", pid); // frozen: it writes nothing while the files are replaced
        Map<String, Case> byUnit = new HashMap<>();
        for (int i = 0; i < corpus.size(); i++) {
            String unit = "blog/" + (i + 1);
            Case c = corpus.get(i);
            String db = relationId(unit);
            byUnit.put(unit, new Case(c.file().replace("{db}", db), c.content(), c.expected().replace("{db}", db)));
            Path file = env.unitDir(unit).resolve(byUnit.get(unit).file());
            if (c.content() == null) {
                FileTrees.delete(file);
            } else {
                Files.write(file, c.content());
            }
        }
        signal("KILL", pid);
        env.awaitMachineRestarted(0, pid);

        Map<String, String> corrupt = new HashMap<>(started);
        byUnit.keySet().forEach(unit -> corrupt.put(unit, "local-state-error"));
        env.awaitUnits(corrupt);
        JsonNode units = env.status().path("services").path("blog").path("units");
        for (Map.Entry<String, Case> e : byUnit.entrySet()) {
            String info = units.path(e.getKey()).path("agent-state-info").asText();
            assertTrue(info.startsWith(e.getValue().expected()), e.getKey() + ": " + info);
            assertTrue(info.endsWith("; reset with: jujube resolved --reset-state " + e.getKey()), info);
        }

        // the machine's other units run hooks; the corrupt ones run none
        env.ok("set", "blog", "port=8081");
        env.awaitHookLine(WITNESS, "config-changed - port=8081");
        for (String unit : byUnit.keySet()) {
            assertFalse(env.hookLog(unit).contains("config-changed - port=8081"), unit + " ran a hook");
        }
        // a command asked of a corrupt unit is answered at once, not run
        Distribution.Run notRun = env.run("exec", "--unit", "blog/1", "--timeout", "5m", "true");
        assertEquals(1, notRun.exit(), notRun.out() + notRun.err());
        assertTrue(notRun.err().contains("not run: the local state of blog/1 is corrupt"), notRun.err());
        Distribution.Run refused = env.run("resolved", "blog/1");
        assertEquals(1, refused.exit());
        assertEquals("jujube: Service unit 'blog/1' has corrupt local state: reset it with jujube resolved "
                + "--reset-state blog/1\n", refused.err());
        String log = env.machineLog(0);
        for (String unit : byUnit.keySet()) {
            assertEquals(1, log.lines().filter(l -> l.contains("unit " + unit + ": local state corrupt")).count(),
                    "logged once, never retried: " + unit);
        }

        for (String unit : byUnit.keySet()) {
            assertEquals("Marked unit '" + unit + "' for a reset of its local state\n",
                    env.ok("resolved", "--reset-state", unit));
        }
        env.awaitUnits(started);
        for (Map.Entry<String, Case> e : byUnit.entrySet()) {
            String unit = e.getKey();
            env.awaitHookLine(unit, "config-changed - port=8081"); // the change it missed
            for (String once : List.of("install -", "start - port=8080", "db-relation-joined mysql/0",
                    "db-relation-changed mysql/0 ready")) {
                assertEquals(1, env.count(unit, once), unit + " ran '" + once + "' again: " + env.hookLog(unit));
            }
            Path file = env.unitDir(unit).resolve(e.getValue().file());
            if (e.getValue().content() == null) {
                continue; // nothing was there to keep
            }
            try (Stream<Path> kept = Files.list(file.getParent())) {
                assertTrue(kept.anyMatch(p -> p.getFileName().toString().startsWith(file.getFileName() + ".corrupt-")),
                        unit + ": the corrupt file is kept beside " + file);
            }
        }
        assertEquals(tracesBefore, env.stackTraceLines(), "no stack trace in any log of the environment");
    }

    /** The id of the unit's one relation, from its state files ({@code relation-0000000000}). */
    private String relationId(String unit) throws IOException {
        try (Stream<Path> files = Files.list(env.unitDir(unit).resolve("state/relations"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> RELATION_FILE.matcher(n).matches())
                    .map(n -> n.substring(0, n.length() - ".json".length())).findFirst().orElseThrow();
        }
    }

    private static void signal(String signal, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor());
    }

    private static List<Case> corpus() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = StateFilesCorpusIT.class.getResourceAsStream("/bad-input/state-files.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", 3);
                cases.add(new Case(fields[0], content(fields[1]), fields[2]));
            }
        }
        return cases;
    }

    /** The content the case writes; null for {@code {deleted}}, a file or directory removed. */
    private static byte[] content(String field) {
        if (field.equals("{deleted}")) {
            return null;
        }
        if (field.startsWith("{zeros:") && field.endsWith("}")) {
            return new byte[Integer.parseInt(field.substring("{zeros:".length(), field.length() - 1))];
        }
        return field.replace("\\n", "\n").getBytes(StandardCharsets.UTF_8);
    }

}
