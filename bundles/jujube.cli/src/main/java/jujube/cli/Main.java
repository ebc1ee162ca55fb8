package jujube.cli;

import java.io.PrintWriter;
import java.util.List;
import jujube.charm.CharmException;
import jujube.cli.internal.AddMachineCommand;
import jujube.cli.internal.AddRelationCommand;
import jujube.cli.internal.AddUnitCommand;
import jujube.cli.internal.BootstrapCommand;
import jujube.cli.internal.ClientWarmUp;
import jujube.cli.internal.DebugHooksCommand;
import jujube.cli.internal.DebugLogCommand;
import jujube.cli.internal.DeployCommand;
import jujube.cli.internal.DestroyEnvironmentCommand;
import jujube.cli.internal.DestroyServiceCommand;
import jujube.cli.internal.ExposeCommand;
import jujube.cli.internal.GetCommand;
import jujube.cli.internal.RemoveRelationCommand;
import jujube.cli.internal.RemoveUnitCommand;
import jujube.cli.internal.ResolvedCommand;
import jujube.cli.internal.SetCommand;
import jujube.cli.internal.RunCommand;
import jujube.cli.internal.ScpCommand;
import jujube.cli.internal.SshCommand;
import jujube.cli.internal.StatusCommand;
import jujube.cli.internal.StatusHistoryCommand;
import jujube.cli.internal.TerminateMachineCommand;
import jujube.cli.internal.UnexposeCommand;
import jujube.cli.internal.UpgradeCharmCommand;
import jujube.state.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube}: drives an environment. Exit codes: 0 success, 1 a failure (one line on stderr,
 * the stack trace only with {@code --verbose}), 2 a usage error (the problem on one line, then the
 * command's usage, on stderr).
 */
@Command(name = "jujube", mixinStandardHelpOptions = true, version = "jujube 0.1", scope = CommandLine.ScopeType.INHERIT,
        description = "Deploys services from charms onto machines and relates them.")
public final class Main {
    @Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of failures.")
    boolean verbose;

    /**
     * The commands by name, in the order usage lists them. Only the command a line names is given to
     * picocli, which reflects over every command class it gets (building all of them cost status about
     * 60 ms); the names are written here so that finding the one named reads no other class's annotations.
     */
    private static final List<String> COMMANDS = List.of("bootstrap", "destroy-environment", "deploy", "add-unit",
            "remove-unit", "add-relation", "remove-relation", "destroy-service", "expose", "unexpose", "set", "get",
            "set-env", "get-env", "resolved", "upgrade-charm", "add-machine", "terminate-machine", "debug-log", "status",
            "status-history", "ssh", "scp", "run", "debug-hooks");

    /** The annotated class picocli makes the command from. */
    private static Class<?> command(String name) {
        return switch (name) {
            case "bootstrap" -> BootstrapCommand.class;
            case "destroy-environment" -> DestroyEnvironmentCommand.class;
            case "deploy" -> DeployCommand.class;
            case "add-unit" -> AddUnitCommand.class;
            case "remove-unit" -> RemoveUnitCommand.class;
            case "add-relation" -> AddRelationCommand.class;
            case "remove-relation" -> RemoveRelationCommand.class;
            case "destroy-service" -> DestroyServiceCommand.class;
            case "expose" -> ExposeCommand.class;
            case "unexpose" -> UnexposeCommand.class;
            case "set" -> SetCommand.class;
            case "get" -> GetCommand.class;
            case "set-env" -> jujube.cli.internal.SetEnvCommand.class;
            case "get-env" -> jujube.cli.internal.GetEnvCommand.class;
            case "resolved" -> ResolvedCommand.class;
            case "upgrade-charm" -> UpgradeCharmCommand.class;
            case "add-machine" -> AddMachineCommand.class;
            case "terminate-machine" -> TerminateMachineCommand.class;
            case "debug-log" -> DebugLogCommand.class;
            case "status" -> StatusCommand.class;
            case "status-history" -> StatusHistoryCommand.class;
            case "ssh" -> SshCommand.class;
            case "scp" -> ScpCommand.class;
            case "run" -> RunCommand.class;
            case "debug-hooks" -> DebugHooksCommand.class;
            default -> throw new IllegalArgumentException("no command '" + name + "'");
        };
    }

    public static void main(String[] args) {
        // most commands connect: let the ZooKeeper client's slow first set-up overlap the parsing below
        ClientWarmUp.start();
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        lightenPicocli();
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        addCommands(cli, args);
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Failures failures = new Failures(main, err);
        cli.setParameterExceptionHandler(failures);
        cli.setExecutionExceptionHandler(failures);
        int code = cli.execute(args);
        out.flush();
        return code;
    }

    /**
     * Spares picocli two look-ups that every command line paid for: 34 ms of a status's main thread under
     * the profiler, about 10 ms of its wall time (bench/cli/RESULTS.md, step 10). Each {@code CommandLine} registers converters for java.time and
     * java.sql types by loading and initializing those classes (MonthDay's alone builds date tables),
     * although no option here has such a type; and it looks Groovy's {@code Closure} up, which opens every
     * jar of the class path, although no Groovy is there. An operator's own setting is kept.
     */
    private static void lightenPicocli() {
        System.getProperties().putIfAbsent("picocli.converters.excludes", "java\\.(time|sql)\\..*");
        System.getProperties().putIfAbsent("picocli.disable.closures", "true");
    }

    /**
     * Adds the command the line names, or every command when it names none (usage, a misspelt name: the
     * usage lists them all and suggestions draw from them).
     */
    private static void addCommands(CommandLine cli, String[] args) {
        // the top-level options take no value, so the first other word is the command's name
        // (a loop, not a stream: the first lambda a JVM links costs a status about 9 ms)
        String name = null;
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                name = arg;
                break;
            }
        }
        if (name != null && COMMANDS.contains(name)) {
            cli.addSubcommand(name, command(name));
            return;
        }
        for (String command : COMMANDS) {
            cli.addSubcommand(command, command(command));
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /**
     * How a command line fails: a usage error prints the problem, suggestions and the usage (exit 2); any
     * other failure one line (exit 1), its stack trace only with --verbose. A named class rather than two
     * lambdas: a lambda implementing a picocli interface makes the class-data archive's dump link picocli's
     * Java 5 classes, which JDK 17 then leaves out of the archive (CommandLine alone: 15 ms of verification
     * per run).
     */
    private static final class Failures
            implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
        private final Main main;
        private final PrintWriter err;

        Failures(Main main, PrintWriter err) {
            this.main = main;
            this.err = err;
        }

        @Override
        public int handleParseException(CommandLine.ParameterException e, String[] args) {
            // a usage error: the problem on one line, suggestions for a misspelt command, then the usage
            if (main.verbose) {
                e.printStackTrace(err);
            }
            List<String> unmatched = e.getCommandLine().getUnmatchedArguments();
            if (e instanceof CommandLine.MissingParameterException && !unmatched.isEmpty()) {
                // picocli checks required parameters before words it could not match, so "deploy --nosuch"
                // said that CHARM was missing: the word the operator mistyped is the better first clue
                e = new CommandLine.UnmatchedArgumentException(e.getCommandLine(), unmatched);
            }
            err.println("jujube: " + e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
            e.getCommandLine().usage(err);
            err.flush();
            return 2;
        }

        @Override
        public int handleExecutionException(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) {
            if (e instanceof CommandLine.ParameterException usage) {
                return handleParseException(usage, parsed.originalArgs().toArray(String[]::new));
            }
            if (main.verbose) {
                e.printStackTrace(err);
            }
            boolean expected = e instanceof CliException || e instanceof StateException
                    || e instanceof CharmException || e instanceof IllegalArgumentException;
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            if (e instanceof jujube.state.NotAuthorizedException refused) {
                // the administrator may do everything: credentials refused are no administrator's of this environment
                message = "not authorized: the environment's ZooKeeper refuses this command's administrator credentials ("
                        + refused.path() + ")";
            }
            err.println("jujube: " + (expected ? firstLine(message) : "internal error: " + e
                    + (main.verbose ? "" : " (--verbose shows where)")));
            err.flush();
            return 1;
        }
    }
}
