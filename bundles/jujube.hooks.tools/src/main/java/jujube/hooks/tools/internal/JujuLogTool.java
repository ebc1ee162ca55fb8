package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.LogLevel;

/**
 * {@code juju-log [-l|--log-level LEVEL] [--debug] message...}: the words joined by spaces, logged at INFO
 * by default. The level is a name or a number of Python's logging ({@link LogLevel#parse}); an unknown one
 * is logged at INFO with a warning, as the original and Go juju do, so a charm's {@code juju-log -l NOTICE}
 * does not fail its hook. {@code --log-level} and {@code --debug} are Go juju 3's spellings (the ops
 * library logs with {@code --log-level}).
 */
final class JujuLogTool implements HookTool {
    @Override
    public String name() {
        return "juju-log";
    }

    @Override
    public String usage() {
        return "juju-log [-l|--log-level LEVEL] [--debug] MESSAGE...";
    }

    @Override
    public boolean needsClientId() {
        return false; // juju-log may be used outside a hook
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.LOG_LEVEL, ToolOption.DEBUG);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        ParsedArgs args = context.args();
        args.expectPositionals(1, Integer.MAX_VALUE);
        String levelText = args.option(ToolOption.LOG_LEVEL).or(() -> args.option(ToolOption.CLIENT_LOG_LEVEL))
                .orElse(args.flag(ToolOption.DEBUG) ? "DEBUG" : "INFO");
        Optional<LogLevel> parsed = LogLevel.parse(levelText);
        if (parsed.isEmpty()) {
            context.warn(name() + ": warning: Invalid log level " + levelText.replaceAll("\\p{Cntrl}", "?")
                    + "; logged at INFO");
        }
        LogLevel level = parsed.orElse(LogLevel.INFO);
        context.backend().log(context.clientId(), level, String.join(" ", args.positionals()));
        return Optional.empty();
    }
}
