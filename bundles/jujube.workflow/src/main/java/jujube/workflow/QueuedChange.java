package jujube.workflow;

import java.util.Objects;
import java.util.SortedSet;
import jujube.model.UnitName;

/**
 * One change waiting in a {@link HookQueue}: the event alone. The members its hook will see are not
 * stored with it but implied by the queue (the announced members with every change up to this one
 * applied), so a queue of n changes on a relation of m units holds n events, not n sets of m units.
 *
 * @param type joined, changed or departed
 * @param unit the remote unit it is about
 * @param settingsVersion the version of the remote unit's settings when it was queued (for departed,
 *     the last version seen)
 * @since 2.0
 */
public record QueuedChange(ChangeType type, UnitName unit, int settingsVersion) {

    public QueuedChange {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(unit, "unit");
    }

    /**
     * The hook this change runs when its hook sees {@code members}.
     *
     * @throws IllegalArgumentException when {@code members} contradicts the change (see {@link RelationChange})
     */
    public RelationChange seeing(SortedSet<UnitName> members) {
        return new RelationChange(type, unit, settingsVersion, members);
    }
}
