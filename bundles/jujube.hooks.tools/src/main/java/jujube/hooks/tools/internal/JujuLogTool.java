package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.LogLevel;

/** {@code juju-log [-l LEVEL] message...}: the words joined by spaces, logged at INFO by default. */
final class JujuLogTool implements HookTool {
    @Override
    public String name() {
        return "juju-log";
    }

    @Override
    public String usage() {
        return "juju-log [-l LEVEL] MESSAGE...";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.LOG_LEVEL);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        ParsedArgs args = context.args();
        args.expectPositionals(1, Integer.MAX_VALUE);
        String levelText = args.option(ToolOption.LOG_LEVEL).orElse("INFO");
        LogLevel level = LogLevel.parse(levelText).orElseThrow(() -> new UsageException(
                "argument -l/--log-level: invalid choice: '" + levelText
                        + "' (choose from 'DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL')"));
        context.backend().log(context.clientId(), level, String.join(" ", args.positionals()));
        return Optional.empty();
    }
}
