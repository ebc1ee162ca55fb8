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
import java.util.concurrent.TimeUnit;
import jujube.cli.CliException;
import jujube.lib.threads.Threads;
import jujube.state.DebugLog;
import jujube.model.LogRecord;
import jujube.model.LoggedRecord;
import jujube.model.NoSuchUnitException;
import jujube.state.StateConnection;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube debug-log}: listens to the environment's debug log, which turns the agents' publishing on
 * for as long as it (or another {@code debug-log}) runs, and prints the agents' records as they arrive
 * (with {@code --replay}, the stored ones first), until {@code --limit} records were printed or the
 * command is interrupted. A record prints as
 * {@code <time> <agent>: <channel> <LEVEL>: <message>}, always on one line (see {@link LogRecord}).
 */
@Command(name = "debug-log", description = "Tail the agents' log records.")
public final class DebugLogCommand extends SessionCommand {
    @Option(names = {"-i", "--include"}, paramLabel = "NAME",
            description = "Only records of these units, services, machines or channels (shell globs allowed).")
    List<String> include = new ArrayList<>();

    @Option(names = {"-x", "--exclude"}, paramLabel = "NAME",
            description = "No records of these units, services, machines or channels (shell globs allowed).")
    List<String> exclude = new ArrayList<>();

    @Option(names = {"-l", "--level"}, defaultValue = "DEBUG", description = "Least level shown: ${COMPLETION-CANDIDATES}.")
    LogFilter.Level level;

    @Option(names = {"-n", "--limit"}, defaultValue = "0", description = "Stop after this many records (0: never).")
    int limit;

    @Option(names = {"-r", "--replay"}, description = "Print the stored records first.")
    boolean replay;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Append to this file instead of printing.")
    Path output;

    @Override
    int run(EnvironmentSession session) {
        if (limit < 0) {
            throw usage("--limit must not be negative, got " + limit);
        }
        StateConnection state = session.state();
        Map<String, Optional<String>> machines = new HashMap<>();
        LogFilter filter = new LogFilter(include, exclude, level,
                unit -> machines.computeIfAbsent(unit, u -> machineOf(state, u)));
        DebugLog log = state.debugLog();
        // read before listening: whatever the agents publish for this listener comes after it
        long last = replay ? -1 : log.after(-1).stream().mapToLong(LoggedRecord::sequence).max().orElse(-1);
        try (PrintWriter out = output == null ? null : open(output);
                DebugLog.Listener listener = log.listen()) {
            Thread unlisten = unlistenAtExit(listener);
            try {
                return tail(log, last, filter, out == null ? out() : out);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(unlisten);
                } catch (IllegalStateException exiting) {
                    // the hook is running or ran
                }
            }
        }
    }

    private int tail(DebugLog log, long start, LogFilter filter, PrintWriter out) {
        long last = start;
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

    /**
     * An interrupted debug-log (Ctrl-C) stops listening at once rather than when its session expires; a
     * ZooKeeper out of reach holds the exit back two seconds at most (the session's end removes it then).
     */
    private static Thread unlistenAtExit(DebugLog.Listener listener) {
        Thread hook = new Thread(() -> {
            Thread closing = Threads.startDaemon("jujube-debug-log-unlisten", listener::close);
            try {
                closing.join(TimeUnit.SECONDS.toMillis(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jujube-debug-log-exit");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }
}
