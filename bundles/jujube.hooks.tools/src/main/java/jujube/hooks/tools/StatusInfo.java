package jujube.hooks.tools;

import java.util.Map;

/**
 * A workload status as {@code status-get} prints it.
 *
 * @param status its name
 * @param message its message; empty for none
 * @since 3.2
 */
public record StatusInfo(String status, String message) {
    public StatusInfo {
        message = message == null ? "" : message;
    }

    /**
     * The application's status with each of its units', by unit name.
     *
     * @since 3.2
     */
    public record OfApplication(StatusInfo application, Map<String, StatusInfo> units) {
        public OfApplication {
            units = Map.copyOf(units);
        }
    }
}
