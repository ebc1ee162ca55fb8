package jujube.itests;

import java.io.IOException;
import java.util.Map;

/**
 * Two related test charms whose relation hooks take their time, so that a test can act while they run,
 * and leave committed evidence of each run: every {@code -joined} hook increments a counter in its own
 * unit's relation settings ({@code joined-<remote>}), which only a hook that succeeded and was flushed
 * can do. A hook process orphaned by its agent's death fails at its first hook tool (the socket is gone)
 * before it logs anything.
 */
final class SlowCharms {
    static final String DB = "slowdb";
    static final String APP = "slowapp";

    private SlowCharms() {}

    static void write(TestCharms charms) throws IOException {
        charms.write(DB, 1, "provides:\n  db: slow\n", hooks());
        charms.write(APP, 1, "requires:\n  db: slow\n", hooks());
    }

    /** The settings key a unit's joined hook counts {@code remote} under. */
    static String joinedKey(String remote) {
        return "joined-" + remote.replace('/', '-');
    }

    private static Map<String, String> hooks() {
        return Map.of(
                "install", TestCharms.logs("install"),
                "start", TestCharms.logs("start"),
                "db-relation-joined", String.join("\n",
                        "sleep 0.4",
                        "key=\"joined-$(echo \"$JUJU_REMOTE_UNIT\" | tr / -)\"",
                        "count=$(relation-get \"$key\" \"$JUJU_UNIT_NAME\")",
                        "relation-set \"$key=$(( ${count:-0} + 1 ))\"",
                        TestCharms.logs("joined")),
                "db-relation-changed", String.join("\n",
                        "sleep 0.2",
                        "relation-list > /dev/null",
                        TestCharms.logs("changed")),
                "db-relation-departed", TestCharms.logs("departed"));
    }
}
