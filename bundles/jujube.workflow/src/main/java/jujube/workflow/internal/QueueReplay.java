package jujube.workflow.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;
import jujube.workflow.ChangeType;
import jujube.workflow.QueueState;
import jujube.workflow.QueuedChange;

/**
 * A journal being read: the state of its full line, with the deltas after it applied in place (copying
 * the state at every line would make a load cost the journal's lines times the queue).
 */
final class QueueReplay {
    final TreeMap<UnitName, Integer> seen = new TreeMap<>();
    final TreeSet<UnitName> members = new TreeSet<>();
    final List<QueuedChange> pending = new ArrayList<>();
    boolean headClaimed;
    ObjectNode headEffects;
    int seenApp = -1;

    /** Fails when the head's claim and effects disagree with the queue; cheap, so checked at every line. */
    void checkHead(JsonReader json) {
        if (headClaimed && pending.isEmpty()) {
            throw json.fail("head_claimed is true but nothing is pending");
        }
        if (headEffects != null && !headClaimed) {
            throw json.fail("head_effects must be an object, and only of a claimed head");
        }
    }

    /** The replayed state, checked as a whole: a unit has one pending change outside the claimed head. */
    QueueState state(JsonReader json) {
        checkHead(json);
        Set<UnitName> coalescible = new HashSet<>();
        int appChanges = 0;
        for (int i = headClaimed ? 1 : 0; i < pending.size(); i++) {
            if (pending.get(i).type().isApplication()) {
                if (++appChanges > 1) {
                    throw json.fail("two pending application changes outside the claimed head");
                }
            } else if (pending.get(i).type() == ChangeType.CREATED) {
                if (i != 0) {
                    throw json.fail("a created change must come first");
                }
            } else if (!coalescible.add(pending.get(i).unit())) {
                throw json.fail("two pending changes for " + pending.get(i).unit() + " outside the claimed head");
            }
        }
        if (seenApp < -1) {
            throw json.fail("seen_app must be -1 or more, found " + seenApp);
        }
        return new QueueState(seen, members, pending, headClaimed, headEffects, seenApp);
    }
}
