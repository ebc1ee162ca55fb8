package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import jujube.hooks.tools.HookToolException;

/**
 * {@code action-set KEY=VALUE...}: adds to the running action's results; a dotted key nests
 * ({@code out.size=10G} is {@code {out: {size: 10G}}}). Keys are Go juju's: lower-case letters, digits and
 * hyphens, starting and ending with a letter or digit; its reserved keys ({@code stdout}, {@code stderr} and
 * their encodings) are refused.
 */
final class ActionSetTool implements HookTool {
    private static final Pattern KEY = Pattern.compile("[a-z0-9](?:[a-z0-9-]*[a-z0-9])?");
    private static final Set<String> RESERVED = Set.of("stdout", "stdout-encoding", "stderr", "stderr-encoding");

    @Override
    public String name() {
        return "action-set";
    }

    @Override
    public String usage() {
        return "action-set KEY=VALUE...";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, Integer.MAX_VALUE);
        Map<String, Object> results = new LinkedHashMap<>();
        for (String arg : context.args().positionals()) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("argument \"" + arg + "\" must be of the form key=value");
            }
            String[] path = arg.substring(0, eq).split("\\.", -1);
            for (String part : path) {
                if (!KEY.matcher(part).matches()) {
                    throw new UsageException("key \"" + arg.substring(0, eq) + "\" must start and end with lowercase"
                            + " alphanumeric, and contain only lowercase alphanumeric, hyphens and periods");
                }
            }
            if (path.length == 1 && RESERVED.contains(path[0])) {
                throw new UsageException("cannot set reserved action key \"" + path[0] + "\"");
            }
            jujube.model.DottedKeys.put(results, path, arg.substring(eq + 1));
        }
        context.backend().actionSet(context.clientId(), results);
        return Optional.empty();
    }
}
