package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import jujube.cli.CliException;
import jujube.model.RelationInfo;
import jujube.model.ResolvedMode;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube resolved UNIT [RELATION] [--retry]}: tells a unit's agent that its error (or its
 * relation's error) was dealt with; {@code --retry} runs the failed hook again. {@code jujube resolved
 * --reset-state UNIT}, for a unit whose agent found its local files corrupt ({@code local-state-error}), has
 * the agent set the corrupt files aside and rebuild them from the environment's state.
 */
@Command(name = "resolved", description = "Mark a unit's (or its relation's) error as resolved.")
public final class ResolvedCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "UNIT")
    String unitName;

    @Parameters(index = "1", arity = "0..1", paramLabel = "RELATION", description = "Relation name, e.g. db.")
    String relationName;

    @Option(names = "--retry", description = "Run the failed hook again.")
    boolean retry;

    @Option(names = "--reset-state", description = "For a unit in local-state-error: set its corrupt local files "
            + "aside and rebuild them from the environment's state.")
    boolean resetState;

    @Override
    int run(EnvironmentSession session) {
        if (resetState && (retry || relationName != null)) {
            throw usage("--reset-state resets the unit's local state as a whole: no RELATION, no --retry");
        }
        UnitName name = UnitName.parse(unitName);
        UnitInfo unit = session.state().units().get(name);
        boolean corrupt = UnitInfo.LOCAL_STATE_ERROR.equals(unit.workflowState());
        if (resetState) {
            if (!corrupt) {
                throw new CliException("Service unit '" + name + "' has no corrupt local state to reset ("
                        + (unit.workflowState().isEmpty() ? "pending" : unit.workflowState()) + ")");
            }
            if (session.state().units().flags(name).resolved().isPresent()) {
                throw new CliException("Service unit '" + name + "' is already marked as resolved");
            }
            session.state().units().setResolved(name, ResolvedMode.RESET_STATE);
            out().printf("Marked unit '%s' for a reset of its local state%n", name);
            return 0;
        }
        ResolvedMode mode = retry ? ResolvedMode.RETRY_HOOK : ResolvedMode.NO_HOOK;
        if (relationName == null) {
            if (corrupt) {
                throw new CliException("Service unit '" + name + "' has corrupt local state: reset it with "
                        + "jujube resolved --reset-state " + name);
            }
            if (!unit.workflowState().endsWith("_error")) {
                throw new CliException("Service unit '" + name + "' is not in an error state ("
                        + (unit.workflowState().isEmpty() ? "pending" : unit.workflowState()) + ")");
            }
            if (session.state().units().flags(name).resolved().isPresent()) {
                throw new CliException("Service unit '" + name + "' is already marked as resolved");
            }
            session.state().units().setResolved(name, mode);
            out().printf("Marked unit '%s' as resolved%s%n", name, retry ? " (retrying its hook)" : "");
            return 0;
        }
        Map<String, String> states = session.state().units().relationWorkflowStates(name);
        Map<String, ResolvedMode> failed = new LinkedHashMap<>();
        boolean related = false;
        for (RelationInfo r : session.state().relations().ofService(name.service())) {
            if (r.endpointOf(name.service()).map(e -> e.relationName().equals(relationName)).orElse(false)) {
                related = true;
                if ("error".equals(states.get(r.id()))) {
                    failed.put(r.id(), mode);
                }
            }
        }
        if (!related) {
            throw new CliException("Service unit '" + name + "' has no relation '" + relationName + "'");
        }
        if (failed.isEmpty()) {
            throw new CliException("Service unit '" + name + "' has no '" + relationName + "' relation in an error state");
        }
        Map<String, ResolvedMode> already = session.state().units().flags(name).relationResolved();
        if (failed.keySet().stream().anyMatch(already::containsKey)) {
            throw new CliException("Service unit '" + name + "' relation '" + relationName + "' is already marked as resolved");
        }
        session.state().units().setRelationResolved(name, failed);
        out().printf("Marked unit '%s' relation '%s' as resolved%s%n", name, relationName, retry ? " (retrying its hook)" : "");
        return 0;
    }
}
