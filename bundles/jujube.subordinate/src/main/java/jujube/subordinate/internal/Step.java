package jujube.subordinate.internal;

import jujube.model.UnitInfo;
import jujube.model.UnitName;

/**
 * One step of bringing a machine's subordinate units in line with its principals' container relations.
 * Every step is safe to repeat: a step interrupted by a crash is planned again from what the state and the
 * disk show after the restart.
 */
sealed interface Step {
    /** The unit the step is about: the subordinate, or the principal while the subordinate does not exist. */
    UnitName subject();

    /** Whether the step only waits for someone else (the machine agent, the unit's own agent). */
    default boolean waits() {
        return false;
    }

    /** Adds the principal's missing subordinate unit of {@code service} to the state. */
    record Create(String service, UnitName principal) implements Step {
        @Override
        public UnitName subject() {
            return principal;
        }
    }

    /** Installs the subordinate's charm, gives it its principal's addresses and deploys its agent. */
    record Deploy(UnitInfo unit, UnitInfo principal) implements Step {
        @Override
        public UnitName subject() {
            return unit.name();
        }
    }

    /** Asks the agent of an unwanted subordinate to retire: stop hook, relations departed, marker. */
    record Retire(UnitName subject) implements Step {}

    /**
     * Removes a retired (or never deployed) subordinate: its agent's configuration, then its unit in the
     * state, then its directory. A crash after the first leaves the unit and its marker, which the next plan
     * removes again; after the second, a directory of a unit that no longer exists, which the machine
     * agent removes as a stray.
     */
    record Remove(UnitName subject, boolean deployed, boolean inState) implements Step {}

    /** A retiring subordinate's agent has not written its marker yet. */
    record AwaitRetired(UnitName subject) implements Step {
        @Override
        public boolean waits() {
            return true;
        }
    }

    /** A principal with a subordinate to come is assigned here, but the machine agent has not deployed it yet. */
    record AwaitPrincipal(UnitName subject) implements Step {
        @Override
        public boolean waits() {
            return true;
        }
    }
}
