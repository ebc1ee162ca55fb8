package jujube.state;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a task of an action is, Go juju's names: queued ({@code pending}), being run ({@code running}),
 * and the ends: ran to success ({@code completed}), ran and failed or timed out ({@code failed}),
 * withdrawn before it ran ({@code cancelled}), cut short by its agent's end ({@code aborted}).
 *
 * @since 7.3
 */
public enum TaskStatus {
    PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, ABORTED;

    /** Go juju's word for it: {@code pending}, {@code completed} ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the task is over: nothing changes it any more. */
    public boolean isFinal() {
        return this != PENDING && this != RUNNING;
    }

    public static Optional<TaskStatus> ofLabel(String label) {
        for (TaskStatus s : values()) {
            if (s.label().equals(label)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
