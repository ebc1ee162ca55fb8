package jujube.agent.unit.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The crash test's charm: every hook appends {@code begin <incarnation> <run> <hook> <remote>} to
 * {@code <control>/hooks.log}, sleeps (so that kills often land inside a hook), does its work and appends
 * {@code end … <value>}, its last act before exiting 0. The incarnation is that of the agent that
 * started the hook: its parent's pid looked up in {@code <control>/agents}, where each agent process
 * writes {@code <pid> <incarnation>} before it runs anything ({@code -1} when the parent is gone, a
 * left-over of a killed agent). Reading a file the harness rewrites at each start would be a race: a hook
 * spawned just as its agent was killed could read the next incarnation.
 *
 * <p>Relation hooks {@code relation-set run=<run>}, so the visible settings name the hook run that wrote
 * them last. One relation hook in a while fails (when it can take the {@code fail-next} token): it first
 * {@code relation-set failed=<run>}, which must never become visible. {@code db-relation-changed} logs the
 * remote unit's {@code seq} setting, {@code config-changed} the {@code title} option, so the harness can
 * tell that the last change of each was delivered.
 */
final class CrashCharm {
    private static final List<String> PLAIN = List.of("install", "start", "stop", "upgrade-charm");
    static final String RELATION = "db";

    private CrashCharm() {}

    /** Writes the charm into {@code charmDir}, its hooks logging to {@code control}. */
    static void write(Path charmDir, Path control) throws IOException {
        Path hooks = Files.createDirectories(charmDir.resolve("hooks"));
        Files.writeString(charmDir.resolve("metadata.yaml"),
                "name: app\nsummary: crash test\ndescription: crash test\nrequires:\n  db:\n    interface: mysql\n");
        Files.writeString(charmDir.resolve("revision"), "1\n");
        for (String hook : PLAIN) {
            // install and start are slower: only the first lives of an agent run them, and they must be
            // killed inside them often enough
            String pause = hook.equals("install") ? "1" : hook.equals("start") ? "0.5" : "0.05";
            hook(hooks, control, hook, pause, "VALUE=-\n");
        }
        hook(hooks, control, "config-changed", "0.1", "VALUE=$(config-get title) || exit 1\n");
        hook(hooks, control, RELATION + "-relation-joined", "0.15", mayFail() + setRun());
        hook(hooks, control, RELATION + "-relation-changed", "0.15",
                "VALUE=$(relation-get seq \"$JUJU_REMOTE_UNIT\") || exit 1\nVALUE=${VALUE:-none}\n" + mayFail()
                        + setRun());
        hook(hooks, control, RELATION + "-relation-departed", "0.15", mayFail() + setRun() + "VALUE=-\n");
        hook(hooks, control, RELATION + "-relation-broken", "0.05", "VALUE=-\n");
        hook(hooks, control, RELATION + "-relation-created", "0.1", "VALUE=-\n");
    }

    private static String mayFail() {
        return "if mv \"$CTL/fail-next\" \"$CTL/taken-$RUN\" 2>/dev/null; then\n"
                + "  relation-set \"failed=$RUN\"\n"
                + "  echo \"fail $INC $RUN $HOOK $REMOTE -\" >> \"$CTL/hooks.log\"\n"
                + "  exit 1\n"
                + "fi\n";
    }

    private static String setRun() {
        return "relation-set \"run=$RUN\" || exit 1\n";
    }

    private static void hook(Path hooks, Path control, String name, String pause, String work) throws IOException {
        Path file = hooks.resolve(name);
        Files.writeString(file, "#!/bin/sh\n"
                + "CTL='" + control + "'\n"
                + "HOOK=" + name + "\n"
                + "INC=$(awk -v p=\"$PPID\" '$1 == p { print $2 }' \"$CTL/agents\")\n"
                + "INC=${INC:--1}\n"
                + "RUN=\"$$.$(date +%s%N)\"\n"
                + "REMOTE=${JUJU_REMOTE_UNIT:--}\n"
                + "echo \"begin $INC $RUN $HOOK $REMOTE\" >> \"$CTL/hooks.log\"\n"
                + "sleep " + pause + "\n"
                + work
                + "echo \"end $INC $RUN $HOOK $REMOTE $VALUE\" >> \"$CTL/hooks.log\"\n"
                + "exit 0\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }
}
