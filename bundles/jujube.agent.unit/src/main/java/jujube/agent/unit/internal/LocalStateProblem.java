package jujube.agent.unit.internal;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import jujube.files.CorruptFileException;
import jujube.workflow.CorruptStateFileException;

/**
 * One file of a unit's local state that cannot be used, and why, in one line: what status shows
 * ({@code agent-state-info}) and the agent logs.
 *
 * @param file the file, absolute
 * @param problem what is wrong with it: control characters replaced, at most {@link #MAX_PROBLEM} characters
 */
record LocalStateProblem(Path file, String problem) {
    /** A garbage file's content may be quoted in its problem (a parser's message): status keeps it short. */
    static final int MAX_PROBLEM = 300;

    LocalStateProblem {
        Objects.requireNonNull(file, "file");
        problem = problem == null ? "unreadable" : problem.codePoints()
                .map(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        if (problem.length() > MAX_PROBLEM) {
            problem = problem.substring(0, MAX_PROBLEM) + "...";
        }
    }

    /** The corrupt file a failure is about, from the failure or its causes; empty for any other failure. */
    static Optional<LocalStateProblem> in(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) { // causes may form a loop
            if (t instanceof CorruptStateFileException corrupt) {
                return Optional.of(new LocalStateProblem(corrupt.file(), corrupt.problem()));
            }
            if (t instanceof CorruptFileException corrupt) {
                return Optional.of(new LocalStateProblem(corrupt.file(), corrupt.problem()));
            }
        }
        return Optional.empty();
    }

    /** {@code state/unit.json: not valid JSON (...)}: the file as the operator finds it in the unit's directory. */
    String describe(Path unitDir) {
        Path shown = file.startsWith(unitDir) ? unitDir.relativize(file) : file;
        return shown + ": " + problem;
    }
}
