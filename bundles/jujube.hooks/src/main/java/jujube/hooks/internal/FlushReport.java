package jujube.hooks.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What a flush really changed in ZooKeeper, in the order it changed it; empty when the hook's writes
 * matched what was there already.
 *
 * @param settings one entry per key whose value changed
 * @param ports    one entry per port whose state changed
 * @param skipped  relations whose writes were dropped because the relation was removed meanwhile
 */
record FlushReport(List<SettingChange> settings, List<PortChange> ports, List<String> skipped) {
    FlushReport {
        settings = List.copyOf(settings);
        ports = List.copyOf(ports);
        skipped = List.copyOf(skipped);
    }

    boolean isEmpty() {
        return settings.isEmpty() && ports.isEmpty() && skipped.isEmpty();
    }

    /**
     * One key's change on one relation.
     *
     * @param before null when the key was unset
     * @param after  null when the key was deleted
     */
    record SettingChange(String relationId, String key, String before, String after) {
        /** Keys whose values are credentials by their name: the log says they changed, never to what. */
        private static final Pattern SECRET = Pattern.compile(
                "password|passwd|passphrase|secret|token|credential|(private|api|access|auth)[-_]?key",
                Pattern.CASE_INSENSITIVE);

        /**
         * The operator's line: {@code Setting changed: 'k'='v' (was 'old')} and its variants, with
         * {@code <not logged>} for the values of a key named like a secret.
         */
        String describe() {
            if (after == null) {
                return "Setting deleted: '" + key + "' (was " + shown(before) + ")";
            }
            return "Setting changed: '" + key + "'=" + shown(after) + " (was " + (before == null ? "unset" : shown(before)) + ")";
        }

        private String shown(String value) {
            return SECRET.matcher(key).find() ? "<not logged>" : "'" + value + "'";
        }
    }

    /** One port opened or closed. */
    record PortChange(String port, boolean opened) {
        String describe() {
            return (opened ? "Port opened: " : "Port closed: ") + port;
        }
    }
}
