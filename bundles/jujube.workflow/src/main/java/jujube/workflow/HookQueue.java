package jujube.workflow;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The relation hook scheduler's queue for one unit relation: pure logic, no threads, persisted through
 * its {@link QueueStore} after every step that changes it (never while a hook runs), so a process killed
 * at any point loses no queued change.
 *
 * <p>Fed with snapshots of the related units, it queues {@code departed} for units gone,
 * {@code joined} for units new, and {@code changed} for units whose settings version rose (or fell: a
 * lower version is a recreated settings node, the unit left and returned unseen). A committed
 * {@code joined} is followed at once by a {@code changed} for its unit, unless a {@code departed} for
 * it is pending. A unit's pending change is coalesced with a new one: departed+joined gives changed,
 * joined+changed stays joined, joined+departed removes both, changed+departed gives departed (queued
 * last, so the changes between still see the unit), changed+changed gives one with the newest version.
 * The claimed head is never coalesced: changes for its unit queue behind it.
 *
 * <p>Pending changes are events without members ({@link QueuedChange}): the members a change's hook sees
 * are implied by the announced {@link #members()} and the changes ahead of it, and only the head handed
 * out by {@link #next()} carries them. A step costs what it changes, not the size of the relation times
 * the length of the queue.
 *
 * <p>A change handed out by {@link #next()} stays at the head until {@link #commit}: a failed hook is
 * handed out again, after the relation was reset. A head whose hook succeeded is marked
 * {@link #executed} with its effects before they are applied, so a crash between the hook and the commit
 * neither loses the hook nor runs it twice (prepare, execute, commit, each step persisted).
 */
@ProviderType
public interface HookQueue {

    /**
     * Queues the changes between the last snapshot and {@code related} (remote unit to settings
     * version), then persists.
     */
    void enqueue(Map<UnitName, Integer> related);

    /**
     * Queues a change of the remote application's data bag when {@code version} differs from the last
     * one enqueued (a version of 0, a bag never written, queues nothing the first time), coalesced with
     * a pending one, then persists.
     *
     * @param application the remote application
     * @since 4.2
     */
    void enqueueApp(String application, int version);

    /**
     * Queues the relation's {@code created} first of all, unless one is pending, then persists: called as
     * the unit enters the relation, before any change of its members can be queued.
     *
     * @param application the remote application
     * @since 4.2
     */
    void enqueueCreated(String application);

    /**
     * Claims the head and returns it, with the members its hook sees; returns the same change until it is
     * committed. The claim of a {@code joined} or {@code departed} is persisted before returning, so that
     * its hook, once begun, is never coalesced away (a begun joined must be followed by a departed, never
     * dropped with it). The claim of a {@code changed} is not persisted by this call (it saves a write
     * per hook): should the process die during its hook, the change is found unclaimed and may be
     * coalesced with a newer change of its unit, a {@code changed} (the hook reads settings live: same
     * delivery) or a {@code departed} (which then tells the hooks what the cut hook would have been
     * followed by).
     */
    Optional<RelationChange> next();

    /**
     * Removes the claimed head after its hook succeeded, applies it to {@link #members()}, queues the
     * changed that follows a joined, then persists.
     *
     * @throws IllegalStateException when {@code change} is not the claimed head
     */
    void commit(RelationChange change);

    /**
     * Records that the claimed head's hook ran to success and asked for {@code effects} (a JSON object of
     * the caller's, which the queue keeps a copy of and writes into its file as it is), then persists,
     * before the caller applies them: a restarted agent then finds the head
     * {@link #executedEffects() executed} and applies the stored effects again (which must be idempotent)
     * instead of running the hook again. {@link #commit} clears it.
     *
     * @throws IllegalStateException when {@code change} is not the claimed head
     * @since 3.0
     */
    void executed(RelationChange change, ObjectNode effects);

    /**
     * A copy of the effects recorded by {@link #executed} for the claimed head, or empty when the head has
     * not executed (or nothing is claimed).
     *
     * @since 3.0
     */
    Optional<ObjectNode> executedEffects();

    /**
     * The pending changes, head first (a copy).
     *
     * @since 2.0
     */
    List<QueuedChange> pending();

    /** The remote units the executed hooks were told about. */
    SortedSet<UnitName> members();

    /** The queue as it is persisted. */
    QueueState snapshot();
}
