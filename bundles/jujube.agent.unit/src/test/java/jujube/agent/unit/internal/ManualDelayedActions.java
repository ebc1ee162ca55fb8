package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** Delayed actions that wait for the test: it sees each delay asked for and fires the pending action. */
final class ManualDelayedActions implements DelayedActions {
    private record Entry(Duration delay, Runnable action, AtomicBoolean done) {}

    private final List<Entry> entries = new CopyOnWriteArrayList<>();

    @Override
    public Scheduled schedule(Duration delay, Runnable action) {
        Entry entry = new Entry(delay, action, new AtomicBoolean());
        entries.add(entry);
        return () -> entry.done().set(true);
    }

    /** Every delay asked for, oldest first. */
    List<Duration> delays() {
        return entries.stream().map(Entry::delay).toList();
    }

    /** How many actions wait (neither fired nor cancelled). */
    long pending() {
        return entries.stream().filter(e -> !e.done().get()).count();
    }

    /** Fires the one waiting action, as if its delay had passed. */
    void fire() {
        List<Entry> waiting = entries.stream().filter(e -> !e.done().get()).toList();
        if (waiting.size() != 1) {
            throw new AssertionError("expected one waiting action, got " + waiting.size() + " of " + delays());
        }
        if (waiting.get(0).done().compareAndSet(false, true)) {
            waiting.get(0).action().run();
        }
    }
}
