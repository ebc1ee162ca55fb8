package jujube.hooks;

import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One action to run on the unit: its task's number ({@code JUJU_ACTION_UUID}), the action's name, its
 * parameters (checked, defaults filled in) and where its {@code action-log} messages go, at once.
 *
 * @since 3.3
 */
public record ActionCall(String id, String name, Map<String, Object> params, Consumer<String> log) {
    public ActionCall {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        params = Map.copyOf(params);
        Objects.requireNonNull(log, "log");
    }
}
