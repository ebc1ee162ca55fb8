package jujube.hooks;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How an action ended: its process's result, what it set ({@code action-set}), and the message of its
 * {@code action-fail} when it called it. The action failed when either says so.
 *
 * @since 3.3
 */
public record ActionOutcome(HookResult result, Map<String, Object> results, Optional<String> failure) {
    public ActionOutcome {
        Objects.requireNonNull(result, "result");
        results = Map.copyOf(results);
        Objects.requireNonNull(failure, "failure");
    }

    /** Whether the action succeeded: its process did, and it did not call {@code action-fail}. */
    public boolean succeeded() {
        return result.isSuccess() && failure.isEmpty();
    }
}
