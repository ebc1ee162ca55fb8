package jujube.cli;

import java.io.PrintWriter;
import java.util.List;
import jujube.charm.CharmException;
import jujube.cli.internal.AddMachineCommand;
import jujube.cli.internal.DashboardCommand;
import jujube.cli.internal.AddRelationCommand;
import jujube.cli.internal.AddUnitCommand;
import jujube.cli.internal.BootstrapCommand;
import jujube.cli.internal.ClientWarmUp;
import jujube.cli.internal.ConfigCommand;
import jujube.cli.internal.DebugHooksCommand;
import jujube.cli.internal.DebugLogCommand;
import jujube.cli.internal.DeployCommand;
import jujube.cli.internal.DestroyEnvironmentCommand;
import jujube.cli.internal.DestroyServiceCommand;
import jujube.cli.internal.DistributionVersion;
import jujube.cli.internal.ExportBundleCommand;
import jujube.cli.internal.ExposeCommand;
import jujube.cli.internal.GetCommand;
import jujube.cli.internal.GetEnvCommand;
import jujube.cli.internal.ModelConfigCommand;
import jujube.cli.internal.RemoveRelationCommand;
import jujube.cli.internal.RemoveUnitCommand;
import jujube.cli.internal.ResolvedCommand;
import jujube.cli.internal.SetCommand;
import jujube.cli.internal.SetEnvCommand;
import jujube.cli.internal.ActionsCommand;
import jujube.cli.internal.CancelTaskCommand;
import jujube.cli.internal.ExecCommand;
import jujube.cli.internal.OperationsCommand;
import jujube.cli.internal.RunCommand;
import jujube.cli.internal.ShowTaskCommand;
import jujube.cli.internal.ScpCommand;
import jujube.cli.internal.ShowUnitCommand;
import jujube.cli.internal.SshCommand;
import jujube.cli.internal.StatusCommand;
import jujube.cli.internal.StatusHistoryCommand;
import jujube.cli.internal.TerminateMachineCommand;
import jujube.cli.internal.UnexposeCommand;
import jujube.cli.internal.UpgradeAgentsCommand;
import jujube.cli.internal.UpgradeCharmCommand;
import jujube.cli.internal.VersionCommand;
import jujube.cli.internal.WaitForCommand;
import jujube.model.StateException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube}: drives an environment. Exit codes: 0 success, 1 a failure (one line on stderr,
 * the stack trace only with {@code --verbose}), 2 a usage error (the problem on one line, then the
 * command's usage, on stderr).
 */
@Command(name = "jujube", mixinStandardHelpOptions = true, versionProvider = DistributionVersion.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "Deploys services from charms onto machines and relates them.",
        subcommands = {BootstrapCommand.class, DestroyEnvironmentCommand.class, DeployCommand.class, AddUnitCommand.class,
            RemoveUnitCommand.class, AddRelationCommand.class, RemoveRelationCommand.class, DestroyServiceCommand.class,
            ExposeCommand.class, UnexposeCommand.class, SetCommand.class, GetCommand.class, SetEnvCommand.class,
            GetEnvCommand.class, ResolvedCommand.class, UpgradeCharmCommand.class, AddMachineCommand.class,
            TerminateMachineCommand.class, DebugLogCommand.class, StatusCommand.class, StatusHistoryCommand.class,
            SshCommand.class, ScpCommand.class, ExecCommand.class, RunCommand.class, ShowTaskCommand.class,
            OperationsCommand.class, ActionsCommand.class, CancelTaskCommand.class, DebugHooksCommand.class,
            ExportBundleCommand.class, ConfigCommand.class, ModelConfigCommand.class, ShowUnitCommand.class,
            WaitForCommand.class, UpgradeAgentsCommand.class, VersionCommand.class, DashboardCommand.class})
public final class Main {
    /** The commands whose words after the first positional belong to a command run elsewhere. */
    private static final List<String> REMOTE_COMMANDS = List.of("ssh", "exec");

    @Option(names = {"-v", "--verbose"}, scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of failures.")
    boolean verbose;

    public static void main(String[] args) {
        // most commands connect: let the ZooKeeper client's slow first set-up overlap the parsing below
        ClientWarmUp.start();
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // what follows the target of ssh, or exec's first word, is the remote command's, options included
        // ("ssh blog/0 grep -c x f"): jujube's own options go before it
        for (String remote : REMOTE_COMMANDS) {
            cli.getSubcommands().get(remote).setStopAtPositional(true);
        }
        Failures failures = new Failures(main, err);
        cli.setParameterExceptionHandler(failures);
        cli.setExecutionExceptionHandler(failures);
        for (int i = 0; i < args.length; i++) {
            String problem = undecodable(args[i]);
            if (problem != null) {
                // stored as it came, a value would hold U+FFFD where the operator's bytes were: refused instead
                err.println("jujube: argument " + (i + 1) + " ('" + shown(args[i]) + "') " + problem);
                err.flush();
                return 1;
            }
        }
        int code = cli.execute(args);
        out.flush();
        return code;
    }

    /**
     * What is wrong with an argument the JVM could not decode, or null. The JVM decodes the command line
     * with {@code sun.jnu.encoding} (the locale's: UTF-8 under a UTF-8 locale) and puts U+FFFD where bytes
     * do not decode (what a byte over 127 becomes under the C locale, too); a lone surrogate cannot be
     * written as UTF-8 at all.
     */
    static String undecodable(String arg) {
        for (int i = 0; i < arg.length(); i++) {
            char c = arg.charAt(i);
            boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < arg.length()
                    && Character.isLowSurrogate(arg.charAt(i + 1)));
            if (Character.isHighSurrogate(c) && !lone) {
                i++;
                continue;
            }
            if (c == '\uFFFD' || lone) {
                String encoding = System.getProperty("sun.jnu.encoding", "unknown");
                return "is not " + encoding + " text (character " + (i + 1) + " did not decode)"
                        + (encoding.equalsIgnoreCase("UTF-8") ? "" : ": run jujube under a UTF-8 locale (LANG=C.UTF-8)");
            }
        }
        return null;
    }

    /** An argument in a message: its start when long, what did not decode and control characters as '?'. */
    private static String shown(String arg) {
        String start = arg.length() <= 64 ? arg : arg.substring(0, 64) + "...";
        return start.replaceAll("[\\p{Cntrl}\\p{Cs}\uFFFD]", "?");
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /**
     * How a command line fails: a usage error prints the problem, suggestions and the usage (exit 2); any
     * other failure one line (exit 1), its stack trace only with --verbose.
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
            if (e instanceof jujube.access.NotAuthorizedException refused) {
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
