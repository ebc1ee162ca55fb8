package jujube.workflow;

import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import jujube.model.UnitName;

/**
 * One relation hook as it runs: a {@link QueuedChange} with the members its hook sees.
 *
 * @param type joined, changed or departed
 * @param unit the remote unit it is about; for an application's change or a created, {@code <application>/0},
 *     naming the application only
 * @param settingsVersion the version of the remote unit's settings when it was queued (for departed,
 *     the last version seen)
 * @param members the remote units the hook sees as related ({@code relation-list}): those the hooks
 *     before it announced by a joined and not by a departed, so as of queue time; a joined includes
 *     its unit, a departed excludes it
 */
public record RelationChange(ChangeType type, UnitName unit, int settingsVersion, SortedSet<UnitName> members) {

    public RelationChange {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(unit, "unit");
        members = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(members));
        if (type.aboutUnit() && (type == ChangeType.DEPARTED ? members.contains(unit) : !members.contains(unit))) {
            throw new IllegalArgumentException(type.hookName() + " of " + unit + " with members " + members);
        }
    }

    /** The same change, seeing {@code newMembers}. */
    public RelationChange withMembers(SortedSet<UnitName> newMembers) {
        return new RelationChange(type, unit, settingsVersion, newMembers);
    }

    /**
     * The change without its members, as it waits in a queue.
     *
     * @since 2.0
     */
    public QueuedChange queued() {
        return new QueuedChange(type, unit, settingsVersion);
    }
}
