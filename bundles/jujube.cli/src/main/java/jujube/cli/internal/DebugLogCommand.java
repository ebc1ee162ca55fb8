package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import jujube.cli.CliException;
import jujube.state.DebugLog;
import jujube.state.LoggedRecord;
import jujube.state.Watch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube debug-log}: turns the environment's debug log on and prints the agents' records as they
 * arrive (with {@code --replay}, the stored ones first), until {@code --limit} records were printed or
 * the command is interrupted.
 */
@Command(name = "debug-log", description = "Tail the agents' log records.")
public final class DebugLogCommand extends SessionCommand {
    @Option(names = {"-i", "--include"}, paramLabel = "NAME", description = "Only records of these units or services.")
    List<String> include = new ArrayList<>();

    @Option(names = {"-x", "--exclude"}, paramLabel = "NAME", description = "No records of these units or services.")
    List<String> exclude = new ArrayList<>();

    @Option(names = {"-l", "--level"}, defaultValue = "DEBUG", description = "Least level shown: ${COMPLETION-CANDIDATES}.")
    LogFilter.Level level;

    @Option(names = {"-n", "--limit"}, defaultValue = "0", description = "Stop after this many records (0: never).")
    int limit;

    @Option(names = "--replay", description = "Print the stored records first.")
    boolean replay;

    @Override
    int run(EnvironmentSession session) {
        if (limit < 0) {
            throw usage("--limit must not be negative, got " + limit);
        }
        LogFilter filter = new LogFilter(include, exclude, level);
        DebugLog log = session.state().debugLog();
        log.setEnabled(true);
        long last = replay ? -1 : log.after(-1).stream().mapToLong(LoggedRecord::sequence).max().orElse(-1);
        LinkedBlockingQueue<Long> latest = new LinkedBlockingQueue<>();
        int printed = 0;
        try (Watch watch = log.watchLatest(change -> latest.add(change.current()))) {
            while (limit == 0 || printed < limit) {
                if (latest.take() <= last) {
                    continue;
                }
                for (LoggedRecord r : log.after(last)) {
                    last = r.sequence();
                    if (filter.accepts(r.record()) && (limit == 0 || printed < limit)) {
                        out().printf("%s %s %s: %s%n", r.record().timestamp(), r.record().unit(), r.record().level(), r.record().message());
                        printed++;
                    }
                }
                out().flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("debug-log interrupted");
        }
        return 0;
    }
}
