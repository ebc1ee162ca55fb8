package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jujube.provider.local.LocalLayout;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * One bootstrapped local environment of the real distribution, seen as an operator sees it: the
 * {@code jujube} commands, {@code status --format json}, the unit directories (each charm's
 * {@code hook.log}) and the agents' logs. Closing it destroys the environment and kills strays.
 */
final class Environment implements AutoCloseable {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    static final Duration CONVERGE = Duration.ofSeconds(60);
    /** The example charms of the checkout the distribution was built from. */
    static final Path EXAMPLES = Path.of(System.getProperty("jujube.itest.dist"), "../../../examples/charms").normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    final Distribution distribution;
    final String name;

    private Environment(Distribution distribution, String name) {
        this.distribution = distribution;
        this.name = name;
    }

    /**
     * Bootstraps environment {@code name} under {@code home}, with extra bootstrap options; its machines
     * are processes unless the options say {@code --machines container}.
     */
    static Environment bootstrap(Path home, String name, String... options) throws Exception {
        return bootstrap(home, name, Map.of(), options);
    }

    /** {@link #bootstrap(Path, String, String...)} with environment variables, which its agents inherit. */
    static Environment bootstrap(Path home, String name, Map<String, String> variables, String... options) throws Exception {
        Environment env = new Environment(new Distribution(home), name);
        List<String> args = new ArrayList<>(List.of("bootstrap"));
        args.addAll(List.of(options));
        if (!args.contains("--machines")) {
            args.addAll(List.of("--machines", "process"));
        }
        args.addAll(List.of("-e", name));
        Distribution.Run run = env.distribution.jujube(variables, args.toArray(String[]::new));
        assertEquals(0, run.exit(), () -> "jujube " + String.join(" ", args) + ": " + run.err() + run.out());
        return env;
    }

    /** An environment the test laid out itself ({@code environment.yaml} written, agents started) under {@code home}. */
    static Environment attach(Path home, String name) {
        return new Environment(new Distribution(home), name);
    }

    Path dir() {
        return distribution.home.resolve("environments").resolve(name);
    }

    /** Runs a command against this environment; it must succeed. Returns its standard output. */
    String ok(String... args) throws Exception {
        Distribution.Run run = run(args);
        assertEquals(0, run.exit(), () -> "jujube " + String.join(" ", args) + ": " + run.err() + run.out());
        return run.out();
    }

    Distribution.Run run(String... args) throws Exception {
        // right after the command: for ssh and exec, every word after the target is the remote command's
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(Math.min(1, all.size()), List.of("-e", name));
        return distribution.jujube(all.toArray(String[]::new));
    }

    JsonNode status() {
        try {
            return JSON.readTree(ok("status", "--format", "json"));
        } catch (Exception e) {
            throw new IllegalStateException("status failed", e);
        }
    }

    /** Every unit's agent-state, by unit name, from one status. */
    Map<String, String> unitStates() {
        Map<String, String> states = new TreeMap<>();
        status().path("services").forEach(service -> service.path("units").fields()
                .forEachRemaining(u -> states.put(u.getKey(), u.getValue().path("agent-state").asText())));
        return states;
    }

    /** Awaits {@code what} an environment brings about by itself: polled every 50 ms, for up to {@link #CONVERGE}. */
    static ConditionFactory converging(String what) {
        return POLLING.await(what).atMost(CONVERGE);
    }

    /** Waits until status shows exactly these units in these agent states. */
    void awaitUnits(Map<String, String> expected) {
        Map<String, String>[] last = new Map[1];
        POLLING.await("units " + expected).atMost(CONVERGE)
                .untilAsserted(() -> assertTrue(() -> expected.equals(last[0] = unitStates()),
                        () -> "last seen: " + String.valueOf(last[0])));
    }

    Path unitDir(String unit) {
        return unitDir(0, unit);
    }

    Path unitDir(int machine, String unit) {
        return machineDir(machine).resolve("units/" + unit.replace('/', '-'));
    }

    /** Machine {@code machine}'s own directory, where the provider keeps it for the environment's kind of machine. */
    Path machineDir(int machine) {
        return LocalLayout.machineDir(dir(), machine, containers(dir()));
    }

    /** How many lines of stack traces the environment's logs hold, each machine's directory included. */
    long stackTraceLines() throws IOException {
        long n = 0;
        try (var logs = Files.walk(dir().resolve("logs"))) {
            for (Path log : logs.filter(Files::isRegularFile).toList()) {
                n += Files.readAllLines(log).stream().filter(l -> l.startsWith("\tat ")).count();
            }
        }
        return n;
    }

    /** The line before each stack trace's first frame in the environment's logs, and the frame: what threw. */
    List<String> traceHeads() throws IOException {
        List<String> heads = new ArrayList<>();
        try (var logs = Files.walk(dir().resolve("logs"))) {
            for (Path log : logs.filter(Files::isRegularFile).toList()) {
                List<String> lines = Files.readAllLines(log);
                for (int i = 1; i < lines.size(); i++) {
                    if (lines.get(i).startsWith("\tat ") && !lines.get(i - 1).startsWith("\tat ")) {
                        heads.add(log.getFileName() + ": " + lines.get(i - 1) + " / " + lines.get(i));
                    }
                }
            }
        }
        return heads;
    }

    /**
     * What {@code find ENV -perm /077} lists: every file and directory under the environment's directory
     * that is not its owner's alone, symbolic links included (whose mode is always 0777).
     */
    List<String> openToOthers() throws IOException {
        List<String> open = new ArrayList<>();
        try (var all = Files.walk(dir())) {
            for (Path p : all.toList()) {
                try {
                    var mode = Files.getPosixFilePermissions(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                    if (Files.isSymbolicLink(p) || !java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")
                            .containsAll(mode)) {
                        open.add(java.nio.file.attribute.PosixFilePermissions.toString(mode) + " " + dir().relativize(p));
                    }
                } catch (java.nio.file.NoSuchFileException gone) {
                    // a temp file renamed, a purged log: gone meanwhile
                }
            }
        }
        return open;
    }

    /** Whether the environment in {@code envDir} has container machines, as its {@code environment.yaml} says. */
    static boolean containers(Path envDir) {
        try {
            return Files.readAllLines(envDir.resolve("environment.yaml")).contains("machines: container");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines the charm's hooks appended to {@code hook.log} in the unit's directory (none yet: empty). */
    List<String> hookLog(String unit) {
        return lines(unitDir(unit).resolve("hook.log"));
    }

    long count(String unit, String line) {
        return hookLog(unit).stream().filter(line::equals).count();
    }

    /** Waits until the unit's hook.log holds {@code line} at least once. */
    void awaitHookLine(String unit, String line) {
        POLLING.await(unit + " hook.log line '" + line + "'").atMost(CONVERGE)
                .untilAsserted(() -> assertTrue(() -> hookLog(unit).contains(line),
                        () -> "last seen: " + String.valueOf(hookLog(unit))));
    }

    /**
     * Deploys the example charms mysql and wordpress (as {@code blog}), relates them and waits until both
     * units are started and the relation's handshake is over: blog/0 saw mysql/0 ready, and blog/0's
     * {@code ready=true} woke mysql/0 once more. Until that last hook has run it is pending; after it,
     * nothing is due until something changes.
     */
    void deployRelatedBlogAndMysql() throws Exception {
        String repo = EXAMPLES.toString();
        ok("deploy", "--repository", repo, "local:mysql");
        ok("deploy", "--repository", repo, "local:wordpress", "blog");
        ok("add-relation", "blog", "mysql");
        awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
        awaitHookLine("mysql/0", "db-relation-changed blog/0 ready=true");
    }

    /** The machine agent's log: every hook run is logged there as {@code unit=U hook=H: succeeded}. */
    String machineLog(int machine) {
        return String.join("\n", lines(LocalLayout.log(dir(), machine)));
    }

    /** The pid of machine {@code machine}'s agent, as the provider recorded it ({@code pids/machine-N.pid}). */
    long machinePid(int machine) throws IOException {
        return Long.parseLong(Files.readString(dir().resolve("pids/machine-" + machine + ".pid")).strip());
    }

    /** Waits until the provider restarted machine {@code machine}'s agent: a live process, another pid. */
    void awaitMachineRestarted(int machine, long before) {
        POLLING.await("machine " + machine + " restarted").atMost(CONVERGE).until(() -> {
            try {
                long pid = machinePid(machine);
                return pid != before && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            } catch (IOException | NumberFormatException e) {
                return false; // between the provider's writes
            }
        });
    }

    static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws Exception {
        if (Files.exists(dir())) {
            run("destroy-environment", "-y");
        }
        for (ProcessHandle p : Distribution.processesMentioning(dir())) {
            p.destroyForcibly();
        }
    }
}
