package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;

/**
 * {@code state-set [--file FILE|-] [KEY=VALUE...]}: changes the unit's charm state when the hook
 * succeeds; the file (a YAML or JSON map, {@code -} for stdin, as the ops library writes it) first, then
 * the arguments.
 */
final class StateSetTool implements HookTool {
    private final SettingsInput input;

    StateSetTool(ObjectMapper yaml) {
        this.input = new SettingsInput(yaml);
    }

    @Override
    public String name() {
        return "state-set";
    }

    @Override
    public String usage() {
        return "state-set [--file FILE] [KEY=VALUE...]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.FILE);
    }

    @Override
    public boolean needsStdin(ParsedArgs args, Path cwd) {
        return SettingsInput.fileOptionIsStdin(args, cwd);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException, ToolFailure {
        Map<String, String> changes = new LinkedHashMap<>(input.fileOption(context));
        for (String arg : context.args().positionals()) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("expected \"key=value\", got \"" + arg + "\"");
            }
            changes.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        context.backend().stateSet(context.clientId(), changes);
        return Optional.empty();
    }
}
