package jujube.cli.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.charm.ActionSpec;
import jujube.charm.CharmActions;
import jujube.cli.CliException;
import jujube.model.CharmRecord;
import jujube.model.UnitName;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import jujube.state.Tasks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube run UNIT [UNIT...] ACTION [KEY=VALUE...]}: juju 3's {@code run}, which runs an action of
 * the units' charm, one task per unit, as one operation. The parameters are checked against the action's
 * schema before anything is queued; by default it waits for every task and prints each one's status,
 * results and log; {@code --background} prints the task numbers and returns at once. {@code UNIT} may be
 * {@code SERVICE/leader}. Exits 1 when a task did not complete (failed, aborted, cancelled, or still
 * running at the end of {@code --wait}), naming each on stderr. What {@code run} did in the original
 * (a command on units) is {@code jujube exec}: its options here answer with a line saying so.
 */
@Command(name = "run", description = "Run an action of the units' charm: UNIT [UNIT...] ACTION [KEY=VALUE...].")
public final class RunCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "UNIT|ACTION|KEY=VALUE",
            description = "The units (blog/0, blog/leader), the action, and its parameters (a dotted key nests).")
    List<String> words;

    @Option(names = "--params", paramLabel = "FILE", description = "Parameters from a YAML or JSON file (arguments come over it).")
    Path paramsFile;

    @Option(names = "--string-args", description = "Take each KEY=VALUE's value as a string (not read as YAML: yes, 1).")
    boolean stringArgs;

    @Option(names = "--background", description = "Queue the tasks and return: see them with show-task.")
    boolean background;

    @Option(names = "--wait", paramLabel = "D", description = "Wait at most this long for the tasks (default: until they end).")
    String wait;

    @Option(names = "--timeout", defaultValue = "5m", paramLabel = "D",
            description = "How long the action may run on each unit before it is killed and failed (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--format", defaultValue = "yaml", paramLabel = "yaml|json", description = "Output format.")
    String format;

    // juju 2's run, which is exec now: taken only to say so
    @Option(names = {"--unit", "--service", "--machine"}, hidden = true, paramLabel = "X")
    List<String> execTargets;

    @Option(names = "--all", hidden = true)
    boolean execAll;

    @Override
    int run(EnvironmentSession session) {
        if (execTargets != null || execAll) {
            throw usage("'jujube run' runs an action (run UNIT ACTION [KEY=VALUE...]); to run a command on units, use"
                    + " 'jujube exec' with the same options");
        }
        StatusFormat out = TaskReport.format(format, this::usage);
        Duration limit = Durations.parse(timeout, "--timeout", this::usage);
        Optional<Duration> waitLimit = wait == null ? Optional.empty() : Optional.of(Durations.parse(wait, "--wait", this::usage));
        List<String> unitWords = new ArrayList<>();
        int i = 0;
        while (i < words.size() && words.get(i).contains("/") && !words.get(i).contains("=")) {
            unitWords.add(words.get(i++));
        }
        if (unitWords.isEmpty()) {
            throw usage("expected a unit first (blog/0, blog/leader), got '" + words.get(0) + "'");
        }
        if (i == words.size()) {
            throw usage("no action named after the units");
        }
        String actionName = words.get(i++);
        List<String> arguments = words.subList(i, words.size());
        Set<UnitName> units = new LinkedHashSet<>();
        for (String word : unitWords) {
            UnitName unit;
            try {
                unit = Leaders.resolve(session, word);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
            units.add(session.state().units().get(unit).name());
        }
        // every unit's charm must declare the action, with parameters its schema accepts: checked for all first
        Map<String, Object> given = ActionParams.withArguments(paramsFile == null ? Map.of() : ActionParams.fromFile(paramsFile),
                arguments, stringArgs);
        Map<String, Object> params = null;
        for (UnitName unit : units) {
            CharmRecord charm = session.state().charms().get(session.state().units().get(unit).charmId());
            CharmActions actions = session.reader().parseActions(charm.id(), charm.actions());
            ActionSpec spec = actions.get(actionName).orElseThrow(() -> new CliException("charm " + charm.id() + " of "
                    + unit + " has no action '" + actionName + "'" + (actions.actions().isEmpty() ? " (it has no actions)"
                    : " (its actions: " + String.join(", ", actions.actions().keySet()) + ")")));
            Map<String, Object> checked = ActionParams.validated(unit.service(), spec, given);
            if (params != null && !params.equals(checked)) {
                throw new CliException("the units run different charms whose action " + actionName
                        + " fills in different defaults: run it on each service apart");
            }
            params = checked;
        }
        Tasks.Operation operation;
        try {
            operation = session.state().tasks().enqueue(actionName, List.copyOf(units), params, limit);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        if (background) {
            out().println("operation " + operation.id() + ": tasks " + String.join(", ", operation.tasks())
                    + " (jujube show-task ID)");
            return 0;
        }
        List<TaskInfo> ended = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        long deadline = waitLimit.map(w -> System.nanoTime() + w.toNanos()).orElse(Long.MAX_VALUE);
        try {
            for (String id : operation.tasks()) {
                Duration left = deadline == Long.MAX_VALUE ? Duration.ofDays(365)
                        : Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
                TaskInfo task = session.state().tasks().await(id, left)
                        .orElseThrow(() -> new CliException("task " + id + " is gone"));
                ended.add(task);
                if (task.status() != TaskStatus.COMPLETED) {
                    failures.add("task " + task.id() + " on " + task.unit() + ": " + task.status().label()
                            + (task.message().isEmpty() ? "" : ": " + task.message())
                            + (task.status().isFinal() ? "" : " (jujube show-task " + task.id() + ")"));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted while waiting for the tasks");
        }
        out().print(out.render(TaskReport.byUnit(ended)));
        out().flush();
        failures.forEach(f -> err().println("jujube: " + f));
        return failures.isEmpty() ? 0 : 1;
    }
}
