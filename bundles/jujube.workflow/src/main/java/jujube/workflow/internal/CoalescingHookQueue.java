package jujube.workflow.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.state.UnitName;
import jujube.workflow.ChangeType;
import jujube.workflow.HookQueue;
import jujube.workflow.QueueState;
import jujube.workflow.QueueStore;
import jujube.workflow.RelationChange;

/**
 * The hook queue. Members are not copied from the snapshot but derived from the queue itself (the
 * announced members, then the effect of each change ahead): without coalescing that equals the
 * membership as of queue time, and with it the members stay consistent with the hooks actually run, so
 * a hook never sees a unit it was not told about, nor misses one whose departure it was not told.
 */
public final class CoalescingHookQueue implements HookQueue {
    private final QueueStore store;
    private final TreeMap<UnitName, Integer> seen;
    private final TreeSet<UnitName> members;
    private final List<RelationChange> pending;
    private boolean headClaimed;
    private String headEffects; // non-null once the claimed head executed

    public CoalescingHookQueue(QueueStore store) {
        this.store = store;
        QueueState state = store.load();
        this.seen = new TreeMap<>(state.seen());
        this.members = new TreeSet<>(state.members());
        this.pending = new ArrayList<>(state.pending());
        this.headClaimed = state.headClaimed();
        this.headEffects = state.headEffects();
    }

    @Override
    public synchronized void enqueue(Map<UnitName, Integer> related) {
        QueueState before = snapshot();
        TreeMap<UnitName, Integer> now = new TreeMap<>(related);
        for (Map.Entry<UnitName, Integer> gone : seen.entrySet()) {
            if (!now.containsKey(gone.getKey())) {
                add(ChangeType.DEPARTED, gone.getKey(), gone.getValue());
            }
        }
        for (Map.Entry<UnitName, Integer> unit : now.entrySet()) {
            Integer last = seen.get(unit.getKey());
            if (last == null) {
                add(ChangeType.JOINED, unit.getKey(), unit.getValue());
            } else if (unit.getValue() > last) {
                add(ChangeType.CHANGED, unit.getKey(), unit.getValue());
            } else if (unit.getValue() < last) {
                // a lower version is a new settings node: the unit left and came back between two
                // snapshots, so its settings may differ although no departed could be seen
                add(ChangeType.CHANGED, unit.getKey(), unit.getValue());
            }
        }
        seen.clear();
        seen.putAll(now);
        refreshMembers();
        if (!snapshot().equals(before)) {
            save(); // a watch often fires with nothing new for this queue: spare the fsync
        }
    }

    @Override
    public synchronized Optional<RelationChange> next() {
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        if (!headClaimed) {
            headClaimed = true;
            if (pending.get(0).type() != ChangeType.CHANGED) {
                save(); // see HookQueue#next: only a joined or a departed must not be coalesced once begun
            }
        }
        return Optional.of(pending.get(0));
    }

    @Override
    public synchronized void commit(RelationChange change) {
        if (!headClaimed || !pending.get(0).equals(change)) {
            throw new IllegalStateException("cannot commit " + change + ": it is not the claimed head");
        }
        pending.remove(0);
        headClaimed = false;
        headEffects = null;
        Members.apply(members, change);
        if (change.type() == ChangeType.JOINED) {
            followJoined(change.unit());
        }
        refreshMembers();
        save();
    }

    @Override
    public synchronized void executed(RelationChange change, String effects) {
        if (!headClaimed || !pending.get(0).equals(change)) {
            throw new IllegalStateException("cannot mark " + change + " executed: it is not the claimed head");
        }
        headEffects = java.util.Objects.requireNonNull(effects, "effects");
        save();
    }

    @Override
    public synchronized Optional<String> executedEffects() {
        return headClaimed ? Optional.ofNullable(headEffects) : Optional.empty();
    }

    /** A joined is followed at once by a changed, unless the unit departed meanwhile. */
    private void followJoined(UnitName unit) {
        int index = pendingIndex(unit);
        if (index >= 0 && pending.get(index).type() == ChangeType.DEPARTED) {
            return;
        }
        if (index >= 0) {
            pending.remove(index); // a changed queued behind the running joined: merged into this one
        }
        pending.add(0, new RelationChange(ChangeType.CHANGED, unit, seen.getOrDefault(unit, 0), new TreeSet<>(members)));
    }

    /** Queues a change for {@code unit}, coalescing it with the unit's pending change if any. */
    private void add(ChangeType type, UnitName unit, int version) {
        int index = pendingIndex(unit);
        if (index < 0) {
            pending.add(change(type, unit, version));
            return;
        }
        ChangeType queued = pending.get(index).type();
        if (queued == ChangeType.DEPARTED && type == ChangeType.JOINED) {
            pending.set(index, change(ChangeType.CHANGED, unit, version));
        } else if (queued == ChangeType.JOINED && type == ChangeType.CHANGED) {
            pending.set(index, change(ChangeType.JOINED, unit, version));
        } else if (queued == ChangeType.JOINED && type == ChangeType.DEPARTED) {
            pending.remove(index);
        } else if (queued == ChangeType.CHANGED && type == ChangeType.DEPARTED) {
            // queued last: the changes already waiting were queued while the unit was a member
            pending.remove(index);
            pending.add(change(ChangeType.DEPARTED, unit, version));
        } else if (queued == ChangeType.CHANGED && type == ChangeType.CHANGED) {
            pending.set(index, change(ChangeType.CHANGED, unit, version));
        } else {
            throw new IllegalStateException(type.hookName() + " of " + unit + " after a pending " + queued.hookName()
                    + ": the queue and its last snapshot disagree");
        }
    }

    /** The unit's pending change that may still be coalesced (never the claimed head), or -1. */
    private int pendingIndex(UnitName unit) {
        for (int i = headClaimed ? 1 : 0; i < pending.size(); i++) {
            if (pending.get(i).unit().equals(unit)) {
                return i;
            }
        }
        return -1;
    }

    /** A placeholder membership; {@link #refreshMembers()} sets the real one. */
    private static RelationChange change(ChangeType type, UnitName unit, int version) {
        TreeSet<UnitName> own = new TreeSet<>();
        if (type != ChangeType.DEPARTED) {
            own.add(unit);
        }
        return new RelationChange(type, unit, version, own);
    }

    private void refreshMembers() {
        TreeSet<UnitName> running = new TreeSet<>(members);
        for (int i = 0; i < pending.size(); i++) {
            RelationChange change = pending.get(i);
            Members.apply(running, change);
            if (i > 0 || !headClaimed) {
                pending.set(i, change.withMembers(new TreeSet<>(running)));
            }
        }
    }

    private void save() {
        store.save(snapshot());
    }

    @Override
    public synchronized List<RelationChange> pending() {
        return List.copyOf(pending);
    }

    @Override
    public synchronized SortedSet<UnitName> members() {
        return java.util.Collections.unmodifiableSortedSet(new TreeSet<>(members));
    }

    @Override
    public synchronized QueueState snapshot() {
        return new QueueState(seen, members, pending, headClaimed, headEffects);
    }
}
