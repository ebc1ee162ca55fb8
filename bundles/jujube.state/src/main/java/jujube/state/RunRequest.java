package jujube.state;

import java.time.Duration;
import java.util.Objects;

/**
 * A command an operator asked a unit's agent to run in the unit's hook context ({@code jujube exec}).
 *
 * @param id the request's node name, unique within the unit ({@code run-0000000003})
 * @param command the shell command, at most {@link UnitRuns#MAX_COMMAND_BYTES} bytes of UTF-8
 * @param timeout how long the command may run once started
 * @param claimed whether an agent took it up already (it never runs twice, not even after the agent restarted)
 */
public record RunRequest(String id, String command, Duration timeout, boolean claimed) {
    public RunRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(timeout, "timeout");
    }
}
