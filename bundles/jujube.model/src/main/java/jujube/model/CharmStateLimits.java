package jujube.model;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The bounds of a unit's charm state ({@code state-set}). Go juju bounds only the total (its controller's
 * {@code max-charm-state-size}, 2 MiB by default); Jujube's total is smaller, since the state is one node in
 * the unit's subtree, whose quota is 1 MiB, and its bounds per key and value refuse one oversized entry by
 * name (docs/limits.md).
 */
public final class CharmStateLimits {
    /** The longest key, in bytes of UTF-8. */
    public static final int MAX_KEY_BYTES = 256;
    /** The longest value, in bytes of UTF-8. */
    public static final int MAX_VALUE_BYTES = 64 * 1024;
    /** All of a unit's keys and values, in bytes of UTF-8. */
    public static final int MAX_TOTAL_BYTES = 256 * 1024;

    private CharmStateLimits() {
    }

    /** What is wrong with one entry; empty when nothing is. */
    public static Optional<String> problemWith(String key, String value) {
        if (key.isEmpty()) {
            return Optional.of("a key must not be empty");
        }
        int keyBytes = key.getBytes(StandardCharsets.UTF_8).length;
        if (keyBytes > MAX_KEY_BYTES) {
            return Optional.of("key of " + keyBytes + " bytes is over the limit of " + MAX_KEY_BYTES);
        }
        if (value != null) {
            int valueBytes = value.getBytes(StandardCharsets.UTF_8).length;
            if (valueBytes > MAX_VALUE_BYTES) {
                return Optional.of("value of \"" + key + "\" of " + valueBytes + " bytes is over the limit of "
                        + MAX_VALUE_BYTES);
            }
        }
        return Optional.empty();
    }

    /** The bytes {@code state} counts against {@link #MAX_TOTAL_BYTES}: its keys and values. */
    public static long size(Map<String, String> state) {
        long total = 0;
        for (Map.Entry<String, String> e : state.entrySet()) {
            total += e.getKey().getBytes(StandardCharsets.UTF_8).length + e.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        return total;
    }
}
