package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class HookQueueTest extends QueueFixture {

    @Test
    void new_units_join_and_each_joined_is_followed_by_its_changed() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0, "db/1", 2));
        assertEquals(List.of("joined db/0 v0", "joined db/1 v2"), pending(queue));
        assertEquals(List.of("joined db/0 v0 [db/0]", "changed db/0 v0 [db/0]", "joined db/1 v2 [db/0 db/1]",
                "changed db/1 v2 [db/0 db/1]"), drain(queue));
        assertEquals(units("db/0", "db/1"), queue.members());
    }

    @Test
    void changed_only_when_the_settings_version_moves() {
        HookQueue queue = settled(snapshot("db/0", 1));
        queue.enqueue(snapshot("db/0", 1));
        assertEquals(List.of(), queue.pending());
        queue.enqueue(snapshot("db/0", 4));
        assertEquals(List.of("changed db/0 v4 [db/0]"), drain(queue));
        queue.enqueue(snapshot("db/0", 0));
        assertEquals(List.of("changed db/0 v0 [db/0]"), drain(queue), "a recreated settings node");
    }

    @Test
    void departed_plus_joined_gives_changed() {
        HookQueue queue = settled(snapshot("db/0", 0));
        queue.enqueue(snapshot());
        queue.enqueue(snapshot("db/0", 0));
        assertEquals(List.of("changed db/0 v0"), pending(queue));
    }

    @Test
    void joined_plus_changed_stays_joined_with_the_newer_version() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0));
        queue.enqueue(snapshot("db/0", 5));
        assertEquals(List.of("joined db/0 v5"), pending(queue));
        assertEquals(List.of("joined db/0 v5 [db/0]", "changed db/0 v5 [db/0]"), drain(queue));
    }

    @Test
    void joined_plus_departed_removes_both_and_the_unit_from_changes_between() {
        HookQueue queue = settled(snapshot("db/0", 0));
        queue.enqueue(snapshot("db/0", 0, "db/1", 0));
        queue.enqueue(snapshot("db/0", 1, "db/1", 0));
        assertEquals(List.of("joined db/1 v0", "changed db/0 v1"), pending(queue));
        queue.enqueue(snapshot("db/0", 1));
        assertEquals(List.of("changed db/0 v1"), pending(queue));
        assertEquals(List.of("changed db/0 v1 [db/0]"), drain(queue), "no hook hears of db/1, which no joined announced");
    }

    @Test
    void changed_plus_departed_gives_departed_queued_last() {
        HookQueue queue = settled(snapshot("db/0", 0, "db/1", 0));
        queue.enqueue(snapshot("db/0", 1, "db/1", 1));
        queue.enqueue(snapshot("db/1", 1));
        assertEquals(List.of("changed db/1 v1", "departed db/0 v1"), pending(queue));
        assertEquals(List.of("changed db/1 v1 [db/0 db/1]", "departed db/0 v1 [db/1]"), drain(queue));
    }

    @Test
    void changed_plus_changed_gives_one() {
        HookQueue queue = settled(snapshot("db/0", 0));
        queue.enqueue(snapshot("db/0", 1));
        queue.enqueue(snapshot("db/0", 2));
        assertEquals(List.of("changed db/0 v2"), pending(queue));
    }

    @Test
    void the_running_change_is_never_coalesced() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0));
        RelationChange running = queue.next().orElseThrow();
        queue.enqueue(snapshot());
        assertEquals(List.of("joined db/0 v0", "departed db/0 v0"), pending(queue));
        queue.commit(running);
        assertEquals(List.of("departed db/0 v0 []"), drain(queue), "departed meanwhile: no changed after joined");
    }

    @Test
    void a_changed_queued_behind_a_running_joined_merges_into_the_changed_that_follows_it() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0, "db/1", 0));
        RelationChange running = queue.next().orElseThrow();
        queue.enqueue(snapshot("db/0", 3, "db/1", 0));
        assertEquals(List.of("joined db/0 v0", "joined db/1 v0", "changed db/0 v3"), pending(queue));
        queue.commit(running);
        assertEquals(List.of("changed db/0 v3", "joined db/1 v0"), pending(queue));
        assertEquals(List.of("changed db/0 v3 [db/0]", "joined db/1 v0 [db/0 db/1]", "changed db/1 v0 [db/0 db/1]"),
                drain(queue));
    }

    @Test
    void members_are_those_as_of_queue_time() {
        HookQueue queue = settled(snapshot("db/0", 0));
        queue.enqueue(snapshot("db/0", 0, "db/1", 0));
        queue.enqueue(snapshot("db/1", 0, "db/2", 0));
        assertEquals(List.of("joined db/1 v0", "departed db/0 v0", "joined db/2 v0"), pending(queue));
        RelationChange running = queue.next().orElseThrow();
        assertEquals("joined db/1 v0 [db/0 db/1]", show(running));
        queue.enqueue(snapshot("db/2", 0));
        assertEquals(List.of("joined db/1 v0", "departed db/0 v0", "joined db/2 v0", "departed db/1 v0"), pending(queue));
        assertEquals(running, queue.next().orElseThrow(), "the running change keeps what it saw");
        queue.commit(running);
        assertEquals(List.of("departed db/0 v0", "joined db/2 v0", "departed db/1 v0"), pending(queue),
                "db/1 departed meanwhile: no changed follows its joined");
        assertEquals(List.of("departed db/0 v0 [db/1]", "joined db/2 v0 [db/1 db/2]", "changed db/2 v0 [db/1 db/2]",
                "departed db/1 v0 [db/2]"), drain(queue));
    }

    @Test
    void a_changed_cut_by_a_crash_is_coalesced_with_the_departure_that_followed() {
        HookQueue queue = settled(snapshot("db/0", 0, "db/1", 0));
        queue.enqueue(snapshot("db/0", 4, "db/1", 0));
        assertEquals("changed db/0 v4 [db/0 db/1]", show(queue.next().orElseThrow()));
        HookQueue restarted = queue(); // killed during the changed hook
        restarted.enqueue(snapshot("db/1", 0));
        assertEquals(List.of("departed db/0 v4 [db/1]"), drain(restarted), "the departure is what follows");

        HookQueue joining = queue();
        joining.enqueue(snapshot("db/1", 0, "db/2", 0));
        assertEquals("joined db/2 v0 [db/1 db/2]", show(joining.next().orElseThrow()));
        HookQueue afterJoinedCut = queue(); // killed during the joined hook: its claim was persisted
        afterJoinedCut.enqueue(snapshot("db/1", 0));
        assertEquals(List.of("joined db/2 v0 [db/1 db/2]", "departed db/2 v0 [db/1]"), drain(afterJoinedCut),
                "a begun joined is never coalesced away: its departed follows");
    }

    @Test
    void a_failed_head_stays_until_committed_and_survives_a_restart() {
        HookQueue queue = queue();
        queue.enqueue(snapshot("db/0", 0));
        RelationChange failed = queue.next().orElseThrow();
        queue.enqueue(snapshot("db/0", 0, "db/1", 0));
        HookQueue restarted = queue();
        assertEquals(failed, restarted.next().orElseThrow(), "the failed change is handed out again");
        assertThrows(IllegalStateException.class, () -> restarted.commit(restarted.pending().get(1).seeing(units("db/0", "db/1"))));
        restarted.commit(failed);
        assertEquals(List.of("changed db/0 v0 [db/0]", "joined db/1 v0 [db/0 db/1]", "changed db/1 v0 [db/0 db/1]"),
                drain(restarted));
    }

    @Test
    void every_step_is_persisted_and_a_reload_mid_sequence_gives_the_same_remaining_hooks() {
        List<java.util.Map<jujube.model.UnitName, Integer>> snapshots = List.of(snapshot("db/0", 0, "db/1", 0),
                snapshot("db/0", 2, "db/2", 0), snapshot("db/2", 1), snapshot("db/2", 1, "db/1", 0));
        HookQueue reference = Workflows.hookQueue(Workflows.fileQueueStore(dir.resolve("reference.json"), mapper));
        HookQueue reloaded = queue();
        for (var related : snapshots) {
            reference.enqueue(related);
            reloaded.enqueue(related);
            assertEquals(reloaded.snapshot(), store().load(), "persisted after enqueue");
            reloaded = queue();
            for (int step = 0; step < 2 && reference.next().isPresent(); step++) {
                RelationChange a = reference.next().orElseThrow();
                RelationChange b = reloaded.next().orElseThrow();
                assertEquals(a, b);
                QueueState claimed = reloaded.snapshot();
                if (b.type() == ChangeType.CHANGED) {
                    assertEquals(new QueueState(claimed.seen(), claimed.members(), claimed.pending(), false),
                            store().load(), "a changed head's claim is not persisted");
                    reloaded = queue();
                    assertEquals(b, reloaded.next().orElseThrow(), "a restart hands the same changed out again");
                } else {
                    assertEquals(claimed, store().load(), "a joined or departed head's claim is persisted before the hook");
                    reloaded = queue();
                }
                reference.commit(a);
                reloaded.commit(b);
                assertEquals(reloaded.snapshot(), store().load(), "persisted after commit");
                reloaded = queue();
            }
            assertEquals(reference.snapshot(), reloaded.snapshot());
        }
        assertEquals(drain(reference), drain(queue()));
    }

    @Test
    void a_change_of_the_remote_applications_bag_queues_one_changed_that_moves_no_member() {
        HookQueue queue = settled(snapshot("db/0", 0));
        queue.enqueueApp("db", 0);
        assertEquals(List.of(), queue.pending(), "a bag never written is nothing to tell");
        queue.enqueueApp("db", 1);
        queue.enqueue(snapshot("db/0", 1));
        queue.enqueueApp("db", 2);
        assertEquals(List.of("app-changed db/0 v2", "changed db/0 v1"), pending(queue),
                "the application's changes coalesce into one, in its place, beside the unit db/0's own");
        HookQueue reloaded = queue();
        assertEquals(List.of("app-changed db/0 v2", "changed db/0 v1"), pending(reloaded), "persisted");
        assertEquals(List.of("app-changed db/0 v2 [db/0]", "changed db/0 v1 [db/0]"), drain(reloaded));
        assertEquals(units("db/0"), reloaded.members());
        reloaded.enqueueApp("db", 2);
        assertEquals(List.of(), reloaded.pending(), "the version enqueued last is remembered");
        assertEquals(2, queue().snapshot().seenApp());
    }

    @Test
    void an_applications_change_joins_nobody_and_its_claim_keeps_units_coalescing() {
        HookQueue queue = queue();
        queue.enqueueApp("db", 3);
        queue.enqueue(snapshot("db/0", 0));
        RelationChange head = queue.next().orElseThrow();
        assertEquals(ChangeType.APP_CHANGED, head.type());
        assertEquals(units(), head.members(), "no member yet: db/0 has not joined");
        queue.enqueue(snapshot("db/0", 4));
        assertEquals(List.of("app-changed db/0 v3", "joined db/0 v4"), pending(queue),
                "db/0's joined still coalesces behind the claimed application change");
    }
}
