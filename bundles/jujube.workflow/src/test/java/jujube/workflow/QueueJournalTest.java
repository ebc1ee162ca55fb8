package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/**
 * The journal's lines are what a save changed: their size follows the change, not the relation or the
 * queue, and a reopened store reads back exactly the last saved state, across compactions.
 */
class QueueJournalTest extends QueueFixture {

    private Path file() {
        return dir.resolve("relation-1.queue.json");
    }

    /** 1,000 units joining, then 1,000 members with a changed each: 2,000 pending. */
    private static QueueState big() {
        TreeMap<UnitName, Integer> seen = new TreeMap<>();
        TreeSet<UnitName> members = new TreeSet<>();
        List<QueuedChange> pending = new ArrayList<>();
        for (int i = 1000; i < 2000; i++) {
            UnitName joining = new UnitName("web", i);
            seen.put(joining, 0);
            pending.add(new QueuedChange(ChangeType.JOINED, joining, 0));
        }
        for (int i = 0; i < 1000; i++) {
            UnitName member = new UnitName("web", i);
            members.add(member);
            seen.put(member, 1);
            pending.add(new QueuedChange(ChangeType.CHANGED, member, 1));
        }
        return new QueueState(seen, members, pending, false);
    }

    /** Runs {@code step} and returns the bytes it appended to the journal. */
    private long appended(Runnable step) throws IOException {
        long before = Files.size(file());
        step.run();
        long after = Files.size(file());
        assertTrue(after > before, "the step appended (the journal was not replaced)");
        return after - before;
    }

    @Test
    void a_step_of_a_big_queue_appends_a_line_of_the_size_of_the_step() throws IOException {
        store().save(big());
        long full = Files.size(file());
        assertTrue(full > 40_000, "the full line holds the whole queue: " + full + " bytes");
        HookQueue queue = queue();
        List<Long> lines = new ArrayList<>();

        RelationChange[] head = new RelationChange[1];
        lines.add(appended(() -> head[0] = queue.next().orElseThrow())); // a joined's claim is written
        assertEquals(1001, head[0].members().size(), "the joined's hook sees every member and its unit");
        lines.add(appended(() -> queue.executed(head[0], JsonNodeFactory.instance.objectNode().put("ready", true))));
        lines.add(appended(() -> queue.commit(head[0]))); // its changed follows at the head
        TreeMap<UnitName, Integer> related = new TreeMap<>(big().seen());
        related.put(new UnitName("web", 1500), 3);
        related.remove(new UnitName("web", 7));
        lines.add(appended(() -> queue.enqueue(related)));
        RelationChange changed = queue.next().orElseThrow();
        assertEquals(ChangeType.CHANGED, changed.type());
        lines.add(appended(() -> queue.executed(changed, JsonNodeFactory.instance.objectNode())));
        lines.add(appended(() -> queue.commit(changed)));
        assertTrue(lines.stream().allMatch(line -> line < 300),
                "the steps appended " + lines + " bytes to a journal of a " + full + " byte queue");
        assertEquals(queue.snapshot(), store().load());
    }

    @Test
    void a_reopened_store_reads_the_last_saved_state_after_any_sequence_of_saves() {
        int compactions = 0;
        for (long seed = 1; seed <= 12; seed++) {
            compactions += run(new Random(seed), "seed " + seed, dir.resolve("q" + seed + ".json"));
        }
        assertTrue(compactions > 0, "the sequences compacted the journal");
    }

    /** Random steps of a queue, each save checked against a store that reopens the file; returns the compactions. */
    private int run(Random random, String context, Path file) {
        QueueStore store = Workflows.fileQueueStore(file, mapper);
        HookQueue queue = Workflows.hookQueue(store);
        TreeMap<UnitName, Integer> related = new TreeMap<>();
        int compactions = 0;
        long size = 0;
        for (int step = 0; step < 150; step++) {
            int action = random.nextInt(10);
            if (action < 4) {
                for (int n = 0; n < 12; n++) {
                    UnitName unit = new UnitName("db", n);
                    int roll = random.nextInt(5);
                    if (roll == 0) {
                        related.remove(unit);
                    } else if (roll == 1) {
                        related.merge(unit, random.nextInt(3), Integer::sum);
                    }
                }
                queue.enqueue(related);
            } else if (action < 5) {
                queue = Workflows.hookQueue(Workflows.fileQueueStore(file, mapper)); // a restart
            } else {
                Optional<RelationChange> next = queue.next();
                if (next.isPresent() && random.nextBoolean()) {
                    // effects now and then large, so that the journal passes its limit
                    String pad = "x".repeat(random.nextInt(4) == 0 ? 8_000 : 10);
                    queue.executed(next.get(), JsonNodeFactory.instance.objectNode().put("step", step).put("pad", pad));
                }
                if (next.isPresent() && random.nextBoolean()) {
                    queue.commit(next.get());
                }
            }
            QueueState reopened = Workflows.fileQueueStore(file, mapper).load();
            QueueState saved = queue.snapshot();
            if (queue.pending().isEmpty() || queue.pending().get(0).type() != ChangeType.CHANGED) {
                assertEquals(saved, reopened, context + ", step " + step);
            } else { // a changed head's claim alone is not saved
                assertEquals(new QueueState(saved.seen(), saved.members(), saved.pending(), reopened.headClaimed(),
                        saved.headEffects()), reopened, context + ", step " + step);
            }
            long now = file.toFile().length();
            compactions += now < size ? 1 : 0;
            size = now;
        }
        return compactions;
    }

    @Test
    void random_edits_of_a_state_read_back_as_saved() {
        Random random = new Random(7);
        Path file = dir.resolve("edits.json");
        QueueStore store = Workflows.fileQueueStore(file, mapper);
        QueueState state = QueueState.empty();
        for (int save = 0; save < 400; save++) {
            state = edited(random, state);
            store.save(state);
            assertEquals(state, Workflows.fileQueueStore(file, mapper).load(), "save " + save);
            if (random.nextInt(20) == 0) {
                store = Workflows.fileQueueStore(file, mapper);
                assertEquals(state, store.load(), "save " + save + ", reopened");
            }
        }
    }

    /** A few random edits of every part of {@code state}: units set and removed, changes moved and replaced. */
    private static QueueState edited(Random random, QueueState state) {
        TreeMap<UnitName, Integer> seen = new TreeMap<>(state.seen());
        TreeSet<UnitName> members = new TreeSet<>(state.members());
        List<QueuedChange> pending = new ArrayList<>(state.pending());
        for (int edit = random.nextInt(4); edit >= 0; edit--) {
            UnitName unit = new UnitName("db", random.nextInt(40));
            switch (random.nextInt(7)) {
                case 0 -> seen.put(unit, random.nextInt(5));
                case 1 -> seen.remove(unit);
                case 2 -> members.add(unit);
                case 3 -> members.remove(unit);
                default -> {
                    pending.removeIf(c -> c.unit().equals(unit));
                    if (random.nextInt(3) > 0) {
                        ChangeType type = ChangeType.values()[random.nextInt(3)];
                        pending.add(random.nextInt(pending.size() + 1), new QueuedChange(type, unit, random.nextInt(5)));
                    }
                }
            }
        }
        boolean claimed = !pending.isEmpty() && random.nextBoolean();
        ObjectNode effects = claimed && random.nextBoolean() ? JsonNodeFactory.instance.objectNode().put("n", random.nextInt(3)) : null;
        return new QueueState(seen, members, pending, claimed, effects);
    }
}
