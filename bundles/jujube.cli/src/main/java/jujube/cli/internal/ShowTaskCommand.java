package jujube.cli.internal;

import java.time.Duration;
import jujube.cli.CliException;
import jujube.state.TaskInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jujube show-task ID}: one task's status, results and log; {@code --wait D} waits for its end first. */
@Command(name = "show-task", description = "Show a task of an action: its status, results and log.")
public final class ShowTaskCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The task's number, as run printed it.")
    String id;

    @Option(names = "--wait", paramLabel = "D", description = "Wait at most this long for the task to end.")
    String wait;

    @Option(names = "--format", defaultValue = "yaml", paramLabel = "yaml|json", description = "Output format.")
    String format;

    @Override
    int run(EnvironmentSession session) {
        StatusFormat out = TaskReport.format(format, this::usage);
        TaskInfo task;
        try {
            task = (wait == null ? session.state().tasks().task(id)
                    : session.state().tasks().await(id, Durations.parse(wait, "--wait", this::usage)))
                    .orElseThrow(() -> new CliException("no task " + id + " (jujube operations lists them)"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted while waiting for task " + id);
        }
        out().print(out.render(TaskReport.of(task)));
        return 0;
    }
}
