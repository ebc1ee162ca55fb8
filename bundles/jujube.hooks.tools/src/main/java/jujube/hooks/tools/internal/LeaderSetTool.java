package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;

/**
 * {@code leader-set KEY=VALUE...}: the leader's settings for its service's units, written at once (an
 * empty value deletes its key). A unit that does not lead is refused with Go juju's message.
 */
final class LeaderSetTool implements HookTool {
    @Override
    public String name() {
        return "leader-set";
    }

    @Override
    public String usage() {
        return "leader-set KEY=VALUE...";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        Map<String, String> changes = new LinkedHashMap<>();
        for (String arg : context.args().positionals()) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new UsageException("expected \"key=value\", got \"" + arg + "\"");
            }
            changes.put(SettingsInput.checkKey(arg.substring(0, eq)), arg.substring(eq + 1));
        }
        try {
            context.backend().leaderSet(context.clientId(), changes);
        } catch (HookToolException e) {
            if (e.code() == ErrorCode.NOT_PERMITTED) {
                throw new HookToolException(ErrorCode.NOT_PERMITTED,
                        "cannot write leadership settings: cannot write settings: not the leader");
            }
            throw e;
        }
        return Optional.empty();
    }
}
