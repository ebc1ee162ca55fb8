package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;
import jujube.model.WorkloadStatus;

/**
 * {@code status-set [--application] maintenance|blocked|waiting|active [MESSAGE]}: the unit's workload
 * status, or its application's (the leader only), set at once, as Go juju sets it.
 */
final class StatusSetTool implements HookTool {
    @Override
    public String name() {
        return "status-set";
    }

    @Override
    public String usage() {
        return "status-set [--application] <maintenance|blocked|waiting|active> [message]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.APPLICATION);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        context.args().expectPositionals(1, 2);
        String status = context.args().positional(0).orElseThrow();
        String message = context.args().positional(1).orElse("");
        Optional<String> problem = WorkloadStatus.problemWith(status, message);
        if (problem.isPresent()) {
            throw new UsageException(problem.get());
        }
        boolean application = context.args().flag(ToolOption.APPLICATION);
        try {
            context.backend().statusSet(context.clientId(), application, status, message);
        } catch (HookToolException e) {
            if (e.code() == ErrorCode.NOT_PERMITTED) {
                throw new HookToolException(ErrorCode.NOT_PERMITTED, "this unit is not the leader");
            }
            throw e;
        }
        return Optional.empty();
    }
}
