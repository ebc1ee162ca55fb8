package jujube.hooks.internal;

import java.util.List;
import jujube.access.CredentialNames;

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
        /** The operator's line as logged by default: {@code Setting changed: 'k'}, the key and never its value. */
        String describe() {
            return describe(false);
        }

        /**
         * The operator's line: without {@code values}, {@code Setting changed: 'k'} or {@code Setting deleted:
         * 'k'}; with them (an environment's {@code log-setting-values}, for debugging a charm),
         * {@code Setting changed: 'k'='v' (was 'old')} and its variants, still with {@code <not logged>} for
         * the values of a key named like a secret.
         */
        String describe(boolean values) {
            if (!values) {
                return (after == null ? "Setting deleted: '" : "Setting changed: '") + key + "'";
            }
            if (after == null) {
                return "Setting deleted: '" + key + "' (was " + shown(before) + ")";
            }
            return "Setting changed: '" + key + "'=" + shown(after) + " (was " + (before == null ? "unset" : shown(before)) + ")";
        }

        private String shown(String value) {
            return CredentialNames.isCredential(key) ? "<not logged>" : "'" + value + "'";
        }
    }

    /** One port opened or closed. */
    record PortChange(String port, boolean opened) {
        String describe() {
            return (opened ? "Port opened: " : "Port closed: ") + port;
        }
    }
}
