package jujube.workflow.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;
import jujube.workflow.ChangeType;
import jujube.workflow.HookQueue;
import jujube.workflow.QueueState;
import jujube.workflow.QueueStore;
import jujube.workflow.QueuedChange;
import jujube.workflow.RelationChange;

/**
 * The hook queue. Members are not copied from the snapshot but derived from the queue itself (the
 * announced members, then the effect of each change ahead): without coalescing that equals the
 * membership as of queue time, and with it the members stay consistent with the hooks actually run, so
 * a hook never sees a unit it was not told about, nor misses one whose departure it was not told.
 *
 * <p>Pending changes hold no members: only the claimed head's are computed, once per claim, so a step
 * costs O(members) at most, whatever the length of the queue.
 */
public final class CoalescingHookQueue implements HookQueue {
    private final QueueStore store;
    private final TreeMap<UnitName, Integer> seen;
    private final TreeSet<UnitName> members;
    private final List<QueuedChange> pending;
    /** The units with a pending change that may be coalesced (outside the claimed head): spares a scan. */
    private final Set<UnitName> coalescible = new HashSet<>();
    private boolean headClaimed;
    private int seenApp;
    private ObjectNode headEffects; // non-null once the claimed head executed
    private RelationChange claimedHead; // the claimed head with its members, once computed

    public CoalescingHookQueue(QueueStore store) {
        this.store = store;
        QueueState state = store.load();
        this.seen = new TreeMap<>(state.seen());
        this.members = new TreeSet<>(state.members());
        this.pending = new ArrayList<>(state.pending());
        this.headClaimed = state.headClaimed();
        this.headEffects = state.headEffects();
        this.seenApp = state.seenApp();
        for (int i = headClaimed ? 1 : 0; i < pending.size(); i++) {
            if (pending.get(i).type().aboutUnit()) {
                coalescible.add(pending.get(i).unit());
            }
        }
    }

    @Override
    public synchronized void enqueue(Map<UnitName, Integer> related) {
        TreeMap<UnitName, Integer> now = new TreeMap<>(related);
        boolean changed = false;
        for (Map.Entry<UnitName, Integer> gone : seen.entrySet()) {
            if (!now.containsKey(gone.getKey())) {
                add(ChangeType.DEPARTED, gone.getKey(), gone.getValue());
                changed = true;
            }
        }
        for (Map.Entry<UnitName, Integer> unit : now.entrySet()) {
            Integer last = seen.get(unit.getKey());
            if (last == null) {
                add(ChangeType.JOINED, unit.getKey(), unit.getValue());
                changed = true;
            } else if (!last.equals(unit.getValue())) {
                // a lower version is a new settings node: the unit left and came back between two
                // snapshots, so its settings may differ although no departed could be seen
                add(ChangeType.CHANGED, unit.getKey(), unit.getValue());
                changed = true;
            }
        }
        // every change to seen queues a change (a joined and departed coalesced away still moved seen),
        // and a watch often fires with nothing new for this queue: then the fsync is spared
        if (changed) {
            seen.clear();
            seen.putAll(now);
            save();
        }
    }

    @Override
    public synchronized void enqueueApp(String application, int version) {
        if (version == seenApp) {
            return;
        }
        boolean first = seenApp == -1;
        seenApp = version;
        if (!(first && version == 0)) { // a bag never written is nothing to tell
            QueuedChange change = new QueuedChange(ChangeType.APP_CHANGED, new UnitName(application, 0), version);
            int index = -1;
            for (int i = headClaimed ? 1 : 0; i < pending.size(); i++) {
                if (pending.get(i).type().isApplication()) {
                    index = i;
                }
            }
            if (index >= 0) {
                pending.set(index, change); // one pending application change: its hook reads the bag live
            } else {
                pending.add(change);
            }
        }
        save();
    }

    @Override
    public synchronized void enqueueCreated(String application) {
        if (pending.stream().anyMatch(c -> c.type() == ChangeType.CREATED)) {
            return;
        }
        pending.add(0, new QueuedChange(ChangeType.CREATED, new UnitName(application, 0), 0));
        headClaimed = false; // nothing was claimed in a relation not yet entered
        headEffects = null;
        claimedHead = null;
        save();
    }

    @Override
    public synchronized Optional<RelationChange> next() {
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        if (!headClaimed) {
            headClaimed = true;
            if (pending.get(0).type().aboutUnit()) {
                coalescible.remove(pending.get(0).unit());
            }
            if (pending.get(0).type() != ChangeType.CHANGED) {
                save(); // see HookQueue#next: only a joined or a departed must not be coalesced once begun
            }
        }
        return Optional.of(claimedHead());
    }

    @Override
    public synchronized void commit(RelationChange change) {
        if (!isClaimedHead(change)) {
            throw new IllegalStateException("cannot commit " + change + ": it is not the claimed head");
        }
        pending.remove(0);
        headClaimed = false;
        headEffects = null;
        claimedHead = null;
        Members.apply(members, change.type(), change.unit());
        if (change.type() == ChangeType.JOINED) {
            followJoined(change.unit());
        }
        save();
    }

    @Override
    public synchronized void executed(RelationChange change, ObjectNode effects) {
        if (!isClaimedHead(change)) {
            throw new IllegalStateException("cannot mark " + change + " executed: it is not the claimed head");
        }
        headEffects = Objects.requireNonNull(effects, "effects").deepCopy();
        save();
    }

    @Override
    public synchronized Optional<ObjectNode> executedEffects() {
        return headClaimed && headEffects != null ? Optional.of(headEffects.deepCopy()) : Optional.empty();
    }

    private boolean isClaimedHead(RelationChange change) {
        return headClaimed && claimedHead().equals(change);
    }

    /** The claimed head with the members its hook sees; computed once per claim, O(members). */
    private RelationChange claimedHead() {
        if (claimedHead == null) {
            QueuedChange head = pending.get(0);
            TreeSet<UnitName> sees = new TreeSet<>(members);
            Members.apply(sees, head.type(), head.unit());
            claimedHead = head.seeing(sees);
        }
        return claimedHead;
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
        pending.add(0, new QueuedChange(ChangeType.CHANGED, unit, seen.getOrDefault(unit, 0)));
        coalescible.add(unit);
    }

    /** Queues a change for {@code unit}, coalescing it with the unit's pending change if any. */
    private void add(ChangeType type, UnitName unit, int version) {
        int index = pendingIndex(unit);
        if (index < 0) {
            pending.add(new QueuedChange(type, unit, version));
            coalescible.add(unit);
            return;
        }
        ChangeType queued = pending.get(index).type();
        if (queued == ChangeType.DEPARTED && type == ChangeType.JOINED) {
            pending.set(index, new QueuedChange(ChangeType.CHANGED, unit, version));
        } else if (queued == ChangeType.JOINED && type == ChangeType.CHANGED) {
            pending.set(index, new QueuedChange(ChangeType.JOINED, unit, version));
        } else if (queued == ChangeType.JOINED && type == ChangeType.DEPARTED) {
            pending.remove(index);
            coalescible.remove(unit);
        } else if (queued == ChangeType.CHANGED && type == ChangeType.DEPARTED) {
            // queued last: the changes already waiting were queued while the unit was a member
            pending.remove(index);
            pending.add(new QueuedChange(ChangeType.DEPARTED, unit, version));
        } else if (queued == ChangeType.CHANGED && type == ChangeType.CHANGED) {
            pending.set(index, new QueuedChange(ChangeType.CHANGED, unit, version));
        } else {
            throw new IllegalStateException(type.hookName() + " of " + unit + " after a pending " + queued.hookName()
                    + ": the queue and its last snapshot disagree");
        }
    }

    /** The unit's pending change that may still be coalesced (never the claimed head), or -1. */
    private int pendingIndex(UnitName unit) {
        if (!coalescible.contains(unit)) {
            return -1;
        }
        for (int i = headClaimed ? 1 : 0; i < pending.size(); i++) {
            if (pending.get(i).unit().equals(unit) && pending.get(i).type().aboutUnit()) {
                return i;
            }
        }
        throw new IllegalStateException(unit + " is marked pending but has no pending change");
    }

    private void save() {
        store.save(snapshot());
    }

    @Override
    public synchronized List<QueuedChange> pending() {
        return List.copyOf(pending);
    }

    @Override
    public synchronized SortedSet<UnitName> members() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(members));
    }

    @Override
    public synchronized QueueState snapshot() {
        return new QueueState(seen, members, pending, headClaimed, headEffects, seenApp);
    }
}
