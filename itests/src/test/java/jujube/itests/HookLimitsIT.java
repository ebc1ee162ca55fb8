package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The soak in small ({@code bench/soak/run.sh} is the large one): ten units on one machine agent, three in
 * a relation storm and seven whose config-changed hook misbehaves ({@code bench/soak/charms}: a large
 * setting, one over the node limit, {@code relation-set @/dev/zero}, endless lines, an endless line, a
 * fork bomb, a hang past the timeout). Each offender's hook fails with its reason in status (the large
 * setting under the limit is accepted and reaches every stormdb unit), the storm converges, and the
 * machine agent lives on, never out of memory, its heap under its -Xmx.
 */
class HookLimitsIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final Path CHARMS = Path.of(System.getProperty("jujube.itest.dist"), "../../../bench/soak/charms")
            .normalize();
    private static final String FAILED = "hook config-changed failed: ";
    /** What status says of each offender, by service (each has one unit, of the same name). */
    private static final Map<String, String> OFFENDERS = offenders();

    @AutoClose
    private Environment env;

    private static Map<String, String> offenders() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("huge", "");
        expected.put("toolarge", FAILED + "could not save settings: node /relations/");
        expected.put("zero", FAILED + "exit code 1");
        expected.put("chatty", FAILED + "wrote more than 64 MiB of output (maxOutputBytes): killed");
        expected.put("longline", FAILED + "wrote more than 64 MiB of output (maxOutputBytes): killed");
        expected.put("bomb", FAILED + "reached the limit of 100 processes (maxProcesses): the unit's processes were killed");
        expected.put("hang", FAILED + "timed out after 5 s");
        return expected;
    }

    @Test
    void misbehaving_hooks_fail_within_their_limits_while_the_others_converge() throws Exception {
        Path home = SCRATCH.make("jujube-limits");
        env = Environment.bootstrap(home, "limits");
        Path deploy = env.dir().resolve("machines/machine-0/deploy");
        Files.writeString(deploy.resolve(".invoker.tmp"), "timeoutSeconds=5\n");
        Files.move(deploy.resolve(".invoker.tmp"), deploy.resolve("jujube.hooks.invoker.cfg"));
        Path config = home.resolve("offenders.yaml");
        StringBuilder modes = new StringBuilder();
        OFFENDERS.keySet().forEach(o -> modes.append(o).append(":\n  mode: ").append(o).append('\n'));
        Files.writeString(config, modes);

        env.ok("deploy", "-n", "2", "--to", "0", "--repository", CHARMS.toString(), "local:stormdb");
        env.ok("deploy", "--to", "0", "--repository", CHARMS.toString(), "local:stormapp");
        Map<String, String> started = new LinkedHashMap<>(Map.of("stormdb/0", "started", "stormdb/1", "started",
                "stormapp/0", "started"));
        for (String offender : OFFENDERS.keySet()) {
            env.ok("deploy", "--to", "0", "--config", config.toString(), "--repository", CHARMS.toString(),
                    "local:misbehave", offender);
            started.put(offender + "/0", "started");
        }
        env.awaitUnits(started);
        long agent = env.machinePid(0);

        // each offender takes part in the relation before it misbehaves: its config-changed then has a relation
        for (String offender : OFFENDERS.keySet()) {
            env.ok("add-relation", offender, "stormdb");
        }
        for (String offender : OFFENDERS.keySet()) {
            env.awaitHookLine(offender + "/0", "changed stormdb/1 stormdb/1");
        }
        env.ok("add-relation", "stormapp", "stormdb");
        for (String offender : OFFENDERS.keySet()) {
            env.ok("set", offender, "round=1");
        }

        for (String db : List.of("stormdb/0", "stormdb/1")) {
            env.awaitHookLine(db, "changed stormapp/0 stormapp/0");
            env.awaitHookLine(db, "big huge/0 900001");
            env.awaitHookLine("stormapp/0", "changed " + db + " " + db);
        }
        POLLING.await("every offender failed with its reason").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> offendersAsExpected(),
                        () -> "last seen: " + offenderStates().toString()));

        assertEquals(agent, env.machinePid(0), "the machine agent never restarted");
        assertTrue(ProcessHandle.of(agent).map(ProcessHandle::isAlive).orElse(false), "the machine agent lives");
        String log = env.machineLog(0);
        assertFalse(log.contains("OutOfMemoryError"), "the machine agent never ran out of memory");
        assertTrue(log.contains("of this hook's output not shown: the first 1000 lines are)"),
                "the endless output was cut in the log, with a count");
        long used = heapUsedKiB(agent);
        long max = maxHeapKiB(agent);
        assertTrue(used < max, "heap used " + used + " KiB, limit " + max + " KiB");
    }

    private boolean offendersAsExpected() {
        Map<String, String> states = offenderStates();
        return OFFENDERS.entrySet().stream().allMatch(e -> e.getValue().isEmpty()
                ? states.get(e.getKey()).equals("started: ")
                : states.get(e.getKey()).startsWith("configure-error: " + e.getValue()));
    }

    /** Each offender's agent-state and agent-state-info, as "state: info". */
    private Map<String, String> offenderStates() {
        JsonNode services = env.status().path("services");
        Map<String, String> states = new LinkedHashMap<>();
        for (String offender : OFFENDERS.keySet()) {
            JsonNode unit = services.path(offender).path("units").path(offender + "/0");
            states.put(offender, unit.path("agent-state").asText() + ": " + unit.path("agent-state-info").asText());
        }
        return states;
    }

    /** The heap in use, from {@code jcmd GC.heap_info}: the generations' "used" summed (serial GC). */
    private static long heapUsedKiB(long pid) throws Exception {
        String info = jcmd(pid, "GC.heap_info");
        Matcher used = Pattern.compile("generation\\s+total \\d+K, used (\\d+)K").matcher(info);
        long sum = 0;
        int generations = 0;
        while (used.find()) {
            sum += Long.parseLong(used.group(1));
            generations++;
        }
        assertEquals(2, generations, info);
        return sum;
    }

    /** -Xmx, from the JVM's own flags. */
    private static long maxHeapKiB(long pid) throws Exception {
        Matcher max = Pattern.compile("MaxHeapSize\\s*=\\s*(\\d+)").matcher(jcmd(pid, "VM.flags", "-all"));
        assertTrue(max.find());
        return Long.parseLong(max.group(1)) / 1024;
    }

    private static String jcmd(long pid, String... command) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("jcmd", Long.toString(pid)));
        args.addAll(List.of(command));
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
