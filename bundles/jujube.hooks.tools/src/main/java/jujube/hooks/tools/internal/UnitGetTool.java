package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Optional;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.UnitAddress;

/** {@code unit-get private-address|public-address}. */
final class UnitGetTool implements HookTool {
    @Override
    public String name() {
        return "unit-get";
    }

    @Override
    public String usage() {
        return "unit-get private-address|public-address";
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, 1);
        String name = context.args().positionals().get(0);
        UnitAddress address = UnitAddress.fromToolName(name).orElseThrow(() -> new UsageException(
                "argument setting_name: invalid choice: '" + name + "' (choose from 'private-address', 'public-address')"));
        return Optional.of(JsonNodeFactory.instance.textNode(context.backend().unitGet(context.clientId(), address)));
    }
}
