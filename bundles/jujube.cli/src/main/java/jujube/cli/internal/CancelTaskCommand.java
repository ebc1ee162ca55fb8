package jujube.cli.internal;

import java.util.List;
import jujube.state.TaskInfo;
import jujube.state.TaskStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube cancel-task ID...}: withdraws pending tasks before their unit runs them. A task that runs
 * or ended already is left as it is, named on stderr, and the command exits 1.
 */
@Command(name = "cancel-task", description = "Cancel pending tasks of actions.")
public final class CancelTaskCommand extends SessionCommand {
    @Parameters(arity = "1..*", paramLabel = "ID", description = "The tasks' numbers.")
    List<String> ids;

    @Override
    int run(EnvironmentSession session) {
        int code = 0;
        for (String id : ids) {
            var found = session.state().tasks().task(id);
            if (found.isEmpty()) {
                err().println("jujube: no task " + id + " (jujube operations lists them)");
                code = 1;
                continue;
            }
            // a task that started meanwhile is left running: cancel answers with it as it is
            TaskInfo task = found.get().status() == TaskStatus.PENDING ? session.state().tasks().cancel(id) : found.get();
            if (found.get().status() == TaskStatus.PENDING && task.status() == TaskStatus.CANCELLED) {
                out().println("task " + id + " on " + task.unit() + ": cancelled");
            } else {
                err().println("jujube: task " + id + " on " + task.unit() + " is " + task.status().label()
                        + ": only a pending task can be cancelled");
                code = 1;
            }
        }
        return code;
    }
}
