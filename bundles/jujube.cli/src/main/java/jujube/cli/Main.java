package jujube.cli;

import java.io.PrintWriter;
import jujube.cli.internal.BootstrapCommand;
import jujube.cli.internal.DestroyEnvironmentCommand;
import jujube.cli.internal.StatusCommand;
import jujube.state.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube}: drives an environment. Exit codes: 0 success, 1 a failure (one line on stderr,
 * the stack trace only with {@code --verbose}), 2 a usage error.
 */
@Command(name = "jujube", mixinStandardHelpOptions = true, version = "jujube 0.1",
        description = "Deploys services from charms onto machines and relates them.",
        subcommands = {BootstrapCommand.class, StatusCommand.class, DestroyEnvironmentCommand.class})
public final class Main {
    @Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of failures.")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (main.verbose) {
                e.printStackTrace(err);
            }
            boolean expected = e instanceof CliException || e instanceof StateException
                    || e instanceof IllegalArgumentException;
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            err.println("jujube: " + (expected ? message : "internal error: " + e
                    + (main.verbose ? "" : " (--verbose shows where)")));
            err.flush();
            return 1;
        });
        cli.setParameterExceptionHandler((ex, badArgs) -> {
            // a usage error: the problem, suggestions for a misspelt command, then the usage
            err.println("jujube: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            ex.getCommandLine().usage(err);
            err.flush();
            return 2;
        });
        int code = cli.execute(args);
        out.flush();
        return code;
    }
}
