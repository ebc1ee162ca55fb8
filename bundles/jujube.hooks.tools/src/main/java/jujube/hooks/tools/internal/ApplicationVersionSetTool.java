package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;
import jujube.model.UnitWorkload;

/** {@code application-version-set VERSION}: the version of the software the unit runs, which status shows. */
final class ApplicationVersionSetTool implements HookTool {
    @Override
    public String name() {
        return "application-version-set";
    }

    @Override
    public String usage() {
        return "application-version-set <new-version>";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, 1);
        String version = context.args().positional(0).orElseThrow();
        if (version.length() > UnitWorkload.MAX_VERSION) {
            throw new UsageException("version of " + version.length() + " characters is over the limit of "
                    + UnitWorkload.MAX_VERSION);
        }
        context.backend().applicationVersionSet(context.clientId(), version);
        return Optional.empty();
    }
}
