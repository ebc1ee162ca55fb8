package jujube.cli.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import jujube.cli.CliException;
import jujube.model.NoSuchMachineException;
import jujube.state.RunResult;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube exec}: runs a command on units, each in its hook context (hook tools, {@code JUJU_*}
 * variables), through the unit agent's hook executor: never beside a hook. Requests go through the state
 * (see {@link jujube.state.UnitRuns}); every unit's request is left at once and all are awaited together.
 * Prints each unit's exit code, stdout and stderr (yaml, or json); exits 1 when any unit's command failed
 * or did not answer, naming each such unit on stderr.
 */
@Command(name = "exec", description = "Run a command on units, in their hook context.")
public final class ExecCommand extends SessionCommand {
    /** How long past the command's own timeout an agent may take to answer: its queue, its write. */
    static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

    @ArgGroup(exclusive = true, multiplicity = "1")
    Targets targets;

    static final class Targets {
        @Option(names = "--unit", split = ",", paramLabel = "UNIT",
                description = "Units (blog/0, or blog/leader for the service's leader), repeatable.")
        List<String> units;
        @Option(names = "--service", split = ",", paramLabel = "SERVICE", description = "Every unit of these services.")
        List<String> services;
        @Option(names = "--machine", split = ",", paramLabel = "MACHINE", description = "Every unit on these machines.")
        List<Integer> machines;
        @Option(names = "--all", description = "Every unit of the environment.")
        boolean all;
    }

    @Option(names = "--timeout", defaultValue = "5m", paramLabel = "D",
            description = "How long the command may take on each unit: 30s, 5m, 1h, 500ms (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--format", defaultValue = "yaml", paramLabel = "yaml|json", description = "Output format.")
    String format;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command, run by sh -c.")
    List<String> command;

    @Override
    int run(EnvironmentSession session) {
        Duration limit = parseDuration(timeout);
        if (!format.equals("yaml") && !format.equals("json")) {
            throw usage("--format must be yaml or json, got '" + format + "'");
        }
        String text = String.join(" ", command);
        List<UnitName> units = units(session);
        Map<UnitName, String> requests = new LinkedHashMap<>();
        List<Map<String, Object>> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try {
            for (UnitName unit : units) {
                requests.put(unit, session.state().runs().request(unit, text, limit));
            }
            long deadline = System.nanoTime() + limit.plus(ANSWER_GRACE).toNanos();
            for (Map.Entry<UnitName, String> r : requests.entrySet()) {
                Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
                Optional<RunResult> result = session.state().runs().await(r.getKey(), r.getValue(), left);
                results.add(entry(session, r.getKey(), result, limit, failures));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted while waiting for the units");
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        } finally {
            requests.forEach((unit, id) -> session.state().runs().remove(unit, id));
        }
        out().print(StatusFormat.valueOf(format).render(Map.of("results", results)).replaceFirst("^results:\\n", ""));
        out().flush();
        failures.forEach(f -> spec.commandLine().getErr().println("jujube: " + f));
        return failures.isEmpty() ? 0 : 1;
    }

    private static Map<String, Object> entry(EnvironmentSession session, UnitName unit, Optional<RunResult> result,
            Duration limit, List<String> failures) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("unit", unit.toString());
        if (result.isEmpty()) {
            boolean up = session.state().units().get(unit).agentConnected();
            String why = "no answer within " + seconds(limit.plus(ANSWER_GRACE)) + (up
                    ? " (still waiting behind its hooks?)" : " (its agent is down: 'jujube status " + unit + "')");
            e.put("error", why);
            failures.add(unit + ": " + why);
            return e;
        }
        RunResult r = result.get();
        e.put("exit-code", r.exitCode());
        e.put("stdout", r.stdout());
        e.put("stderr", r.stderr());
        if (!r.error().isEmpty()) {
            e.put("error", r.error());
        }
        if (r.exitCode() != 0) {
            failures.add(unit + ": " + (r.error().isEmpty() ? "exit code " + r.exitCode() : r.error()));
        }
        return e;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    /** The units the targets name, each checked (every one is, before any request is left). */
    private List<UnitName> units(EnvironmentSession session) {
        Set<UnitName> chosen = new TreeSet<>();
        List<UnitInfo> all = session.state().units().list();
        if (targets.all) {
            all.forEach(u -> chosen.add(u.name()));
            if (chosen.isEmpty()) {
                throw new CliException("the environment has no units");
            }
        } else if (targets.units != null) {
            for (String u : targets.units) {
                chosen.add(session.state().units().get(Leaders.resolve(session, u)).name());
            }
        } else if (targets.services != null) {
            for (String s : targets.services) {
                session.state().services().get(s).units().forEach(chosen::add);
                all.stream().filter(u -> u.name().service().equals(s)).forEach(u -> chosen.add(u.name()));
            }
        } else {
            for (int m : targets.machines) {
                if (session.state().machines().list().stream().noneMatch(i -> i.id() == m)) {
                    throw new NoSuchMachineException(m);
                }
                Set<UnitName> on = new TreeSet<>(session.state().machines().assignedUnits(m));
                all.stream().filter(u -> u.container().map(on::contains).orElse(false)).forEach(u -> on.add(u.name()));
                if (on.isEmpty()) {
                    throw new CliException("machine " + m + " runs no units");
                }
                chosen.addAll(on);
            }
        }
        return List.copyOf(chosen);
    }

    Duration parseDuration(String text) {
        return Durations.parse(text, "--timeout", this::usage);
    }
}
