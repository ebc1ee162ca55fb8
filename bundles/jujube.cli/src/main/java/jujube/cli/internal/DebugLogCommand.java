package jujube.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import jujube.cli.CliException;
import jujube.state.DebugLog;
import jujube.model.LogRecord;
import jujube.model.LoggedRecord;
import jujube.model.NoSuchUnitException;
import jujube.state.StateConnection;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube debug-log}: prints the environment's debug log, which the agents write whether or not anyone
 * reads it (each writer's newest records, for a day at most: {@link DebugLog}), then follows it. It starts
 * with the last {@code --lines} stored records (10 by default), or all of them with {@code --replay}, merged
 * across the agents in the order ZooKeeper made them and counted after the filters; it then prints the
 * records as they arrive, until {@code --limit} records were printed or the command is interrupted, or
 * returns at once with {@code --no-tail}. A record prints as
 * {@code <time> <agent>: <channel> <LEVEL>: <message>}, always on one line (see {@link LogRecord}).
 * A malformed {@code -i}/{@code -x} name is a usage error, refused before anything is read.
 */
@Command(name = "debug-log", description = "Show the agents' recent log records, then follow them.")
public final class DebugLogCommand extends SessionCommand {
    @Option(names = {"-i", "--include"}, paramLabel = "NAME", converter = GlobName.class,
            description = "Only records of these units, services, machines or channels (shell globs allowed).")
    List<String> include = new ArrayList<>();

    @Option(names = {"-x", "--exclude"}, paramLabel = "NAME", converter = GlobName.class,
            description = "No records of these units, services, machines or channels (shell globs allowed).")
    List<String> exclude = new ArrayList<>();

    @Option(names = {"-l", "--level"}, defaultValue = "DEBUG", description = "Least level shown: ${COMPLETION-CANDIDATES}.")
    LogFilter.Level level;

    @Option(names = {"-n", "--lines"}, defaultValue = "10",
            description = "Start with this many of the most recent records (default: ${DEFAULT-VALUE}).")
    int lines;

    @Option(names = {"-r", "--replay"}, description = "Start with every stored record (the last day's at most).")
    boolean replay;

    @Option(names = "--no-tail", description = "Return after printing the stored records instead of following.")
    boolean noTail;

    @Option(names = "--limit", defaultValue = "0", description = "Stop after this many records were printed (0: never).")
    int limit;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Append to this file instead of printing.")
    Path output;

    /** A name as {@code -i}/{@code -x} take it: a shell glob that {@link LogFilter#glob} accepts. */
    static final class GlobName implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            try {
                LogFilter.glob(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a valid name pattern: " + e.getMessage());
            }
            return value;
        }
    }

    @Override
    int run(EnvironmentSession session) {
        if (limit < 0) {
            throw usage("--limit must not be negative, got " + limit);
        }
        if (lines < 0) {
            throw usage("--lines must not be negative, got " + lines);
        }
        StateConnection state = session.state();
        Map<String, Optional<String>> machines = new HashMap<>();
        LogFilter filter = new LogFilter(include, exclude, level,
                unit -> machines.computeIfAbsent(unit, u -> machineOf(state, u)));
        DebugLog log = state.debugLog();
        try (PrintWriter out = output == null ? null : open(output)) {
            PrintWriter to = out == null ? out() : out;
            List<LoggedRecord> stored = log.after(-1);
            long last = stored.isEmpty() ? -1 : stored.get(stored.size() - 1).sequence();
            List<LogRecord> shown = stored.stream().map(LoggedRecord::record).filter(filter::accepts).toList();
            if (!replay) {
                shown = shown.subList(Math.max(0, shown.size() - lines), shown.size());
            }
            if (limit > 0 && shown.size() > limit) {
                shown = shown.subList(0, limit);
            }
            shown.forEach(r -> to.println(format(r)));
            to.flush();
            if (noTail || limit > 0 && shown.size() >= limit) {
                return 0;
            }
            return tail(log, last, shown.size(), filter, to);
        }
    }

    /** Prints the records after {@code start} as they arrive, until {@code limit} were printed in all. */
    private int tail(DebugLog log, long start, int printedBefore, LogFilter filter, PrintWriter out) {
        long last = start;
        LinkedBlockingQueue<Long> latest = new LinkedBlockingQueue<>();
        int printed = printedBefore;
        try (Watch watch = log.watchLatest(change -> latest.add(change.current()))) {
            while (limit == 0 || printed < limit) {
                if (latest.take() <= last) {
                    continue;
                }
                for (LoggedRecord r : log.after(last)) {
                    last = r.sequence();
                    if (filter.accepts(r.record()) && (limit == 0 || printed < limit)) {
                        out.println(format(r.record()));
                        printed++;
                    }
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("debug-log interrupted");
        }
        return 0;
    }

    /** One line: a record's fields are escaped single lines already. */
    static String format(LogRecord r) {
        return r.channel().isEmpty() ? r.timestamp() + " " + r.unit() + " " + r.level() + ": " + r.message()
                : r.timestamp() + " " + r.unit() + ": " + r.channel() + " " + r.level() + ": " + r.message();
    }

    /** The machine of a unit, or of its principal for a subordinate; empty for an unknown or unassigned one. */
    private static Optional<String> machineOf(StateConnection state, String unit) {
        try {
            UnitInfo info = state.units().get(UnitName.parse(unit));
            if (info.container().isPresent()) {
                info = state.units().get(info.container().get());
            }
            return info.machineId().stream().mapToObj(id -> "machine-" + id).findFirst();
        } catch (NoSuchUnitException | IllegalArgumentException e) {
            return Optional.empty(); // a machine agent's own record, a unit removed since
        }
    }

    private static PrintWriter open(Path file) {
        try {
            return new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new CliException("cannot write " + file + ": " + e.getMessage());
        }
    }
}
