package jujube.agent.unit.internal;

import java.time.Duration;
import java.util.Optional;
import jujube.model.UnitName;
import jujube.state.ServiceLeadership;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits, at the unit's setup, until its service's election says whether the unit leads, so that the
 * setup runs the right one of {@code leader-elected} and {@code leader-settings-changed}, as Go juju's
 * uniter waits for its first leadership claim. The election has spoken when the unit's own term is
 * confirmed, or when another unit leads. A candidacy is made asynchronously (Curator's latch), so right
 * after the campaign starts neither may hold yet: the wait ends at the campaign's news ({@link #changed()})
 * and looks again each {@link #RECHECK} (another unit's candidacy may come first, which tells this one
 * nothing), for at most {@link #LIMIT}; then the unit sets up as one that does not lead, and a lead it
 * gains later is announced as a started unit's.
 */
final class ElectionWait {
    private static final Logger LOG = LoggerFactory.getLogger(ElectionWait.class);
    static final Duration LIMIT = Duration.ofSeconds(15);
    private static final Duration RECHECK = Duration.ofMillis(250);
    private final UnitName unit;
    private final ServiceLeadership leadership;
    private boolean standing = true;

    ElectionWait(UnitName unit, ServiceLeadership leadership) {
        this.unit = unit;
        this.leadership = leadership;
    }

    /** The campaign gained or lost the lead: look again. */
    synchronized void changed() {
        notifyAll();
    }

    /** The unit stands in no election (its service has none): nothing to wait for. */
    synchronized void notStanding() {
        standing = false;
        notifyAll();
    }

    /** Returns once the election has spoken, the unit stands in none, or {@link #LIMIT} passed. */
    void await() throws InterruptedException {
        long end = System.nanoTime() + LIMIT.toNanos();
        while (!spoken()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                LOG.info("unit {}: its service's election has not spoken after {} s; setting up as a unit that "
                        + "does not lead", unit, LIMIT.toSeconds());
                return;
            }
            synchronized (this) {
                if (!standing) {
                    return;
                }
                wait(Math.max(1, Math.min(left, RECHECK.toNanos()) / 1_000_000));
            }
        }
    }

    private boolean spoken() {
        synchronized (this) {
            if (!standing) {
                return true;
            }
        }
        if (leadership.confirmedTerm().isPresent()) {
            return true;
        }
        Optional<UnitName> leader = leadership.leader();
        return leader.isPresent() && !leader.get().equals(unit);
    }
}
