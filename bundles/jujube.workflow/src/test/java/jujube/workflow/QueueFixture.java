package jujube.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import jujube.model.UnitName;
import org.junit.jupiter.api.io.TempDir;

/** A hook queue on a real file, and short ways to write snapshots and expected changes. */
abstract class QueueFixture {
    @TempDir
    Path dir;
    final ObjectMapper mapper = new ObjectMapper();

    QueueStore store() {
        return Workflows.fileQueueStore(dir.resolve("relation-1.queue.json"), mapper);
    }

    /** The queue as a restarted agent loads it. */
    HookQueue queue() {
        return Workflows.hookQueue(store());
    }

    static UnitName u(String name) {
        return UnitName.parse(name);
    }

    /** {@code snapshot("db/0", 0, "db/1", 3)}: related units and their settings versions. */
    static Map<UnitName, Integer> snapshot(Object... pairs) {
        Map<UnitName, Integer> related = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            related.put(u((String) pairs[i]), (Integer) pairs[i + 1]);
        }
        return related;
    }

    /** {@code "changed db/0 v3 [db/0 db/1]"}, a compact form to compare queues with. */
    static String show(RelationChange change) {
        List<String> members = new ArrayList<>();
        change.members().forEach(m -> members.add(m.toString()));
        return change.type().hookName() + " " + change.unit() + " v" + change.settingsVersion() + " "
                + members.toString().replace(",", "");
    }

    /** {@code "changed db/0 v3"}: a pending change, whose members are implied until it is handed out. */
    static String show(QueuedChange change) {
        return change.type().hookName() + " " + change.unit() + " v" + change.settingsVersion();
    }

    static List<String> pending(HookQueue queue) {
        return queue.pending().stream().map(QueueFixture::show).toList();
    }

    /** Runs every pending hook successfully, returning what ran. */
    static List<String> drain(HookQueue queue) {
        List<String> ran = new ArrayList<>();
        for (var next = queue.next(); next.isPresent(); next = queue.next()) {
            ran.add(show(next.get()));
            queue.commit(next.get());
        }
        return ran;
    }

    /** The queue after it saw {@code related} and every hook that caused ran: where most cases start. */
    HookQueue settled(Map<UnitName, Integer> related) {
        HookQueue queue = queue();
        queue.enqueue(related);
        drain(queue);
        return queue;
    }

    static TreeSet<UnitName> units(String... names) {
        TreeSet<UnitName> set = new TreeSet<>();
        for (String n : names) {
            set.add(u(n));
        }
        return set;
    }
}
