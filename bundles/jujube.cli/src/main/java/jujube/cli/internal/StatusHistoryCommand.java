package jujube.cli.internal;

import java.util.List;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube status-history UNIT [-n N]}: the unit's newest workflow transitions, oldest first, one a
 * line: time, state (named as status names it), hook, message. They are what the unit's agent published to its node (it keeps the
 * newest {@link StatusEntry#KEPT}); the complete history stays in the unit's {@code state/unit.history}.
 */
@Command(name = "status-history", description = "Show a unit's workflow transitions: time, state, hook, message.")
public final class StatusHistoryCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "UNIT")
    String unitName;

    @Option(names = "-n", defaultValue = "20", paramLabel = "N", description = "How many, the newest (default: ${DEFAULT-VALUE}).")
    int count;

    @Override
    int run(EnvironmentSession session) {
        if (count < 1) {
            throw usage("-n must be at least 1, got " + count);
        }
        UnitName unit = UnitName.parse(unitName);
        List<StatusEntry> all = session.state().units().statusHistory(unit);
        List<StatusEntry> shown = all.subList(Math.max(0, all.size() - count), all.size());
        if (shown.isEmpty()) {
            out().println("unit " + unit + " has no recorded transitions yet");
            return 0;
        }
        int stateWidth = Math.max(5, shown.stream().mapToInt(e -> StatusReport.shownState(e.state()).length()).max().orElse(0));
        int hookWidth = Math.max(4, shown.stream().mapToInt(e -> e.hook().length()).max().orElse(0));
        String row = "%-20s  %-" + stateWidth + "s  %-" + hookWidth + "s  %s%n";
        out().printf(row, "TIME", "STATE", "HOOK", "MESSAGE");
        for (StatusEntry e : shown) {
            String time = e.at().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
            out().printf(row, time, StatusReport.shownState(e.state()), e.hook().isEmpty() ? "-" : e.hook(), e.message()).flush();
        }
        return 0;
    }
}
