package jujube.workflow.internal;

import java.util.Set;
import jujube.model.UnitName;
import jujube.workflow.ChangeType;

/**
 * How a change moves a relation's members: a departed takes its unit out, a joined or changed has it in,
 * an application's change or a created moves none.
 */
final class Members {
    private Members() {}

    static void apply(Set<UnitName> members, ChangeType type, UnitName unit) {
        if (!type.aboutUnit()) {
            return;
        }
        if (type == ChangeType.DEPARTED) {
            members.remove(unit);
        } else {
            members.add(unit);
        }
    }
}
