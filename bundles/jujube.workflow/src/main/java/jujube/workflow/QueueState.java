package jujube.workflow;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;

/**
 * The persisted state of one unit relation's hook queue.
 *
 * @param seen the related units and settings versions of the last membership snapshot enqueued
 * @param members the remote units announced to the hooks: those whose joined was committed and whose
 *     departed was not
 * @param pending the changes not committed yet, oldest first; the members each one's hook sees are implied:
 *     {@code members} with every change up to it, itself included, applied
 * @param headClaimed whether the head was handed out to run; a claimed head is never coalesced
 * @param headEffects when the claimed head's hook ran to success but was not committed yet, the effects
 *     it asked for (a JSON object of the caller's, {@link HookQueue#executed}); null otherwise. The state
 *     holds a copy and hands out copies, so it stays as it was made
 * @param seenApp the version of the remote application's data bag last enqueued; -1 before any
 */
public record QueueState(SortedMap<UnitName, Integer> seen, SortedSet<UnitName> members,
        List<QueuedChange> pending, boolean headClaimed, ObjectNode headEffects, int seenApp) {

    public QueueState {
        seen = Collections.unmodifiableSortedMap(new TreeMap<>(seen));
        members = Collections.unmodifiableSortedSet(new TreeSet<>(members));
        pending = List.copyOf(pending);
        if (headClaimed && pending.isEmpty()) {
            throw new IllegalArgumentException("a claimed head needs a pending change");
        }
        if (headEffects != null && !headClaimed) {
            throw new IllegalArgumentException("only a claimed head can have executed");
        }
        headEffects = headEffects == null ? null : headEffects.deepCopy();
        if (seenApp < -1) {
            throw new IllegalArgumentException("an application bag's version is -1 or more, not " + seenApp);
        }
    }

    /** A queue that has seen no application's data. */
    public QueueState(SortedMap<UnitName, Integer> seen, SortedSet<UnitName> members, List<QueuedChange> pending,
            boolean headClaimed, ObjectNode headEffects) {
        this(seen, members, pending, headClaimed, headEffects, -1);
    }

    /** A queue whose head has not executed. */
    public QueueState(SortedMap<UnitName, Integer> seen, SortedSet<UnitName> members, List<QueuedChange> pending,
            boolean headClaimed) {
        this(seen, members, pending, headClaimed, null);
    }

    @Override
    public ObjectNode headEffects() {
        return headEffects == null ? null : headEffects.deepCopy();
    }

    /** A queue that has seen nothing. */
    public static QueueState empty() {
        return new QueueState(new TreeMap<>(Map.of()), new TreeSet<>(), List.of(), false);
    }
}
