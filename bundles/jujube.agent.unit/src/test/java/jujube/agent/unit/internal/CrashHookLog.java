package jujube.agent.unit.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The hook log of {@link CrashCharm}, read back as hook runs in the order they began. A run is
 * <em>delivered</em> when its hook reached its last line ({@code end}), <em>failed</em> when it took the
 * failure token, and <em>cut</em> otherwise (its agent was killed, or a tool call of a left-over hook was
 * refused).
 */
record CrashHookLog(List<Run> runs) {

    enum Outcome { DELIVERED, FAILED, CUT }

    /**
     * One hook run; {@code value} is what the hook logged at its end (seq, title or {@code -});
     * {@code begun} and {@code ended} are the log's line numbers of its first and last line (-1: none).
     */
    record Run(int incarnation, String id, String hook, String remote, Outcome outcome, String value, int begun,
            int ended) {
        boolean isRelationHook() {
            return hook.contains("-relation-");
        }

        /** {@code joined}, {@code changed}, {@code departed}, {@code broken}; the hook name otherwise. */
        String kind() {
            return isRelationHook() ? hook.substring(hook.lastIndexOf('-') + 1) : hook;
        }

        boolean delivered() {
            return outcome == Outcome.DELIVERED;
        }
    }

    static CrashHookLog read(Path file) {
        List<String> lines;
        try {
            lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Run> byId = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String[] f = lines.get(n).split(" ", -1);
            if (f.length < 5) {
                continue; // a line being written right now
            }
            String id = f[2];
            if (f[0].equals("begin")) {
                byId.put(id, new Run(Integer.parseInt(f[1]), id, f[3], f[4], Outcome.CUT, null, n, -1));
            } else if (byId.containsKey(id) && f.length >= 6) {
                Run begun = byId.get(id);
                Outcome outcome = f[0].equals("end") ? Outcome.DELIVERED : Outcome.FAILED;
                byId.put(id, new Run(begun.incarnation(), id, begun.hook(), begun.remote(), outcome, f[5], begun.begun(),
                        n));
            }
        }
        return new CrashHookLog(List.copyOf(byId.values()));
    }

    /** The runs about one remote unit, in order. */
    List<Run> about(String remote) {
        return runs.stream().filter(r -> r.remote().equals(remote)).toList();
    }

    List<Run> delivered(String hook) {
        return runs.stream().filter(r -> r.hook().equals(hook) && r.delivered()).toList();
    }

    Optional<Run> lastDelivered(String hook) {
        List<Run> found = delivered(hook);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(found.size() - 1));
    }

    Optional<Run> byId(String id) {
        return runs.stream().filter(r -> r.id().equals(id)).findFirst();
    }
}
