package jujube.agent.unit.internal;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The unit's local state was found corrupt while the agent ran: it stops running the unit, and waits for the
 * operator's reset ({@link LocalStateWait}).
 */
final class LocalStateException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<LocalStateProblem> problems;

    LocalStateException(List<LocalStateProblem> problems) {
        super(problems.stream().map(p -> p.file() + ": " + p.problem()).collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    List<LocalStateProblem> problems() {
        return problems;
    }
}
