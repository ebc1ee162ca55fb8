package jujube.model;

/**
 * Where new principal units go, decided inside the transaction that adds them, against the topology it
 * commits to: two commands placing units at once cannot both take the same unused machine.
 */
public sealed interface Placement {
    /** Every unit on this machine. */
    record Machine(int id) implements Placement {
        public Machine {
            if (id < 0) {
                throw new IllegalArgumentException("a machine id is not negative: " + id);
            }
        }
    }

    /**
     * Each unit on a machine of its own: a machine other than machine 0 (the environment's own agents run
     * there) with no units, or, when none is left, a new machine added in the same transaction.
     */
    record UnusedMachine() implements Placement {}

    static Placement machine(int id) {
        return new Machine(id);
    }

    static Placement unusedMachine() {
        return new UnusedMachine();
    }
}
