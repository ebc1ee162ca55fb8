package jujube.cli.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jujube.cli.CliException;
import jujube.cli.internal.WaitCondition.Kind;
import jujube.model.UnitName;
import jujube.state.Services;
import jujube.state.Watch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube wait-for unit|service|machine NAME --query CONDITION [--timeout 10m]}: returns 0 as soon as
 * the condition ({@link WaitCondition}) holds, 1 with the last state seen when the timeout passes first. It
 * follows the state's watch of everything status shows ({@code watchOverview}) and reads the environment
 * again only when that changed: no polling.
 */
@Command(name = "wait-for", description = "Wait until a unit, service or machine matches a condition"
        + " (--query 'agent-state=started && leader=true').")
public final class WaitForCommand extends SessionCommand {
    /** The longest wait: a day; a wait beyond it is a job for a loop in a script. */
    static final Duration MAX_TIMEOUT = Duration.ofHours(24);

    @Parameters(index = "0", paramLabel = "unit|service|machine")
    String kindText;

    @Parameters(index = "1", paramLabel = "NAME")
    String name;

    @Option(names = "--query", required = true, paramLabel = "CONDITION",
            description = "KEY=VALUE clauses (also != < <= > >= for numbers) joined by &&.")
    String query;

    @Option(names = "--timeout", defaultValue = "10m", paramLabel = "DURATION",
            description = "How long to wait: 30s, 10m, 1h (default: 10m).")
    String timeoutText;

    @Override
    int run(EnvironmentSession session) {
        Kind kind = Kind.parse(kindText).orElseThrow(() -> usage("wait-for waits for a unit, service or machine, not '"
                + kindText + "'"));
        checkName(kind);
        WaitCondition condition;
        try {
            condition = WaitCondition.parse(kind, query);
        } catch (IllegalArgumentException e) {
            throw usage("--query: " + e.getMessage());
        }
        Duration timeout = timeout();
        LinkedBlockingQueue<Long> changes = new LinkedBlockingQueue<>();
        Map<String, String> seen = null;
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Watch watch = session.state().watchOverview(change -> changes.offer(change.current()))) {
            while (true) {
                long left = deadline - System.nanoTime();
                Long change = left <= 0 ? null : changes.poll(left, TimeUnit.NANOSECONDS);
                if (change == null) {
                    throw new CliException("wait-for: timed out after " + timeoutText + " waiting for " + kind.label()
                            + " " + name + " to match '" + condition + "'; last seen: "
                            + (seen == null ? "nothing (no word from the state)" : shown(seen)));
                }
                changes.clear(); // the read below sees those changes too
                seen = WaitCondition.facts(kind, name, session.state().overview());
                if (condition.holds(seen)) {
                    out().printf("%s %s: %s%n", kind.label(), name, shown(seen));
                    return 0;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("wait-for: interrupted");
        }
    }

    private void checkName(Kind kind) {
        switch (kind) {
            case UNIT -> {
                try {
                    UnitName.parse(name);
                } catch (IllegalArgumentException e) {
                    throw usage(e.getMessage());
                }
            }
            case SERVICE -> Services.problemWithName(name).ifPresent(problem -> {
                throw usage(problem);
            });
            default -> {
                if (!name.matches("0|[1-9][0-9]{0,8}")) {
                    throw usage("'" + name + "' is not a machine number");
                }
            }
        }
    }

    private Duration timeout() {
        Duration d = Durations.parse(timeoutText, "--timeout", this::usage);
        if (d.compareTo(MAX_TIMEOUT) > 0) {
            throw usage("--timeout: " + timeoutText + " is not within 1ms..24h");
        }
        return d;
    }

    private static String shown(Map<String, String> facts) {
        return facts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
