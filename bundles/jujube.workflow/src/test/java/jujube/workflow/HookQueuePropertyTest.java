package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/**
 * Random membership snapshots (seeded, bounded), interleaved with hooks that succeed, fail and are
 * re-run, and restarts from disk: whatever the interleaving, each remote unit's hooks form a valid
 * sequence and the final membership is the last snapshot.
 */
class HookQueuePropertyTest extends QueueFixture {
    private static final int UNITS = 5;

    @Test
    void random_interleavings_give_valid_hook_sequences_per_unit() {
        // the first seeds go through the JSON file (fsync per step is slow); the rest through memory
        for (long seed = 1; seed <= 400; seed++) {
            QueueStore store = seed <= 30 ? Workflows.fileQueueStore(dir.resolve("q" + seed + ".json"), mapper)
                    : new MemoryStore();
            run(new Random(seed), seed, store);
        }
    }

    private void run(Random random, long seed, QueueStore store) {
        String context = "seed " + seed;
        HookQueue queue = Workflows.hookQueue(store);
        Map<UnitName, Integer> related = new TreeMap<>();
        Map<UnitName, UnitModel> model = new HashMap<>();
        for (int step = 0; step < 60; step++) {
            int action = random.nextInt(10);
            if (action < 4) {
                mutate(random, related);
                queue.enqueue(related);
            } else if (action < 5) {
                queue = Workflows.hookQueue(store); // killed and restarted: only what was stored survives
            } else {
                Optional<RelationChange> next = queue.next();
                if (next.isPresent() && random.nextInt(4) > 0) { // else the hook failed: it stays at the head
                    check(model, next.get(), context);
                    queue.commit(next.get());
                }
            }
        }
        for (Optional<RelationChange> next = queue.next(); next.isPresent(); next = queue.next()) {
            check(model, next.get(), context);
            queue.commit(next.get());
        }
        assertEquals(related.keySet(), queue.members(), context);
        TreeSet<UnitName> told = new TreeSet<>();
        model.forEach((unit, m) -> {
            if (m.present) {
                told.add(unit);
                assertEquals(related.get(unit), m.lastVersion, context + ": " + unit + " saw its last settings");
                assertTrue(m.changedSinceJoin, context + ": " + unit + " joined without a changed");
            }
        });
        assertEquals(related.keySet(), told, context);
    }

    private static void mutate(Random random, Map<UnitName, Integer> related) {
        for (int n = 0; n < UNITS; n++) {
            UnitName unit = new UnitName("db", n);
            int roll = random.nextInt(6);
            if (roll == 0) {
                related.remove(unit);
            } else if (roll == 1 && !related.containsKey(unit)) {
                related.put(unit, random.nextInt(3));
            } else if (roll == 2 && related.containsKey(unit)) {
                related.put(unit, related.get(unit) + 1 + random.nextInt(2));
            }
        }
    }

    /** Applies one executed hook to the per-unit model, failing on any invalid sequence. */
    private static void check(Map<UnitName, UnitModel> model, RelationChange change, String context) {
        UnitModel unit = model.computeIfAbsent(change.unit(), u -> new UnitModel());
        String what = context + ": " + change;
        switch (change.type()) {
            case JOINED -> {
                assertTrue(!unit.present, what + " joined twice");
                unit.present = true;
                unit.changedSinceJoin = false;
            }
            case CHANGED -> {
                assertTrue(unit.present, what + " changed before joined or after departed");
                unit.changedSinceJoin = true;
            }
            case DEPARTED -> {
                assertTrue(unit.present, what + " departed without joined");
                unit.present = false;
            }
        }
        unit.lastVersion = change.settingsVersion();
        TreeSet<UnitName> present = new TreeSet<>();
        model.forEach((u, m) -> {
            if (m.present) {
                present.add(u);
            }
        });
        assertEquals(present, change.members(), what + ": members are exactly the units announced");
    }

    private static final class MemoryStore implements QueueStore {
        private QueueState stored = QueueState.empty();

        @Override
        public QueueState load() {
            return stored;
        }

        @Override
        public void save(QueueState state) {
            stored = state;
        }
    }

    private static final class UnitModel {
        boolean present;
        boolean changedSinceJoin;
        int lastVersion;
    }

    @Test
    void the_model_rejects_an_invalid_sequence() {
        Map<UnitName, UnitModel> model = new HashMap<>();
        RelationChange changedFirst = new RelationChange(ChangeType.CHANGED, u("db/0"), 0, units("db/0"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> check(model, changedFirst, "x")).getMessage().contains("changed before joined"));
    }
}
