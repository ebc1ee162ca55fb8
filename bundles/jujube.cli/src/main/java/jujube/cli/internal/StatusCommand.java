package jujube.cli.internal;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code jujube status [PATTERN...]}: machines and services with their agents' states.
 *
 * <p>Its picocli model is built by hand, where the other commands' are read from their annotations: the
 * JVM's first annotation reading (its proxy machinery) cost the status of 200 units about 40 ms, and a
 * status reads no annotation otherwise (bench/cli/RESULTS.md, step 13).
 */
public final class StatusCommand extends SessionCommand {
    private final OptionValue<StatusFormat> format = new OptionValue<>();
    private final OptionValue<List<String>> patterns = new OptionValue<>();

    private StatusCommand() {}

    /** A new status command's model. */
    public static CommandSpec model() {
        StatusCommand command = new StatusCommand();
        CommandSpec spec = command.model("status", "Show the environment's machines and services.");
        spec.addOption(OptionSpec.builder("--format").paramLabel("<format>").type(StatusFormat.class)
                .defaultValue("yaml").description("Output format: ${COMPLETION-CANDIDATES}.")
                .getter(command.format).setter(command.format).build());
        spec.addPositional(PositionalParamSpec.builder().arity("0..*").paramLabel("PATTERN").type(List.class)
                .auxiliaryTypes(String.class).description("Glob patterns of service or unit names to show.")
                .getter(command.patterns).setter(command.patterns).build());
        return spec;
    }

    @Override
    int run(EnvironmentSession session) {
        List<String> globs = patterns.value() == null ? List.of() : patterns.value();
        out().print(format.value().render(new StatusReport(session).build(new StatusFilter(globs))));
        return 0;
    }
}
