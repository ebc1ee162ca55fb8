package jujube.agent.unit.internal;

import java.util.Map;

/**
 * What the unit lifecycle needs of the relation lifecycles (implemented by {@code RelationLifecycles});
 * an interface so the unit lifecycle can be tested with a recording fake.
 */
interface RelationLifecyclesControl extends AutoCloseable {

    /**
     * Syncs the persisted relation workflows and starts watching the unit's relations;
     * {@code startRelations} also moves "down" relations to "up" (seed 001).
     */
    void start(boolean startRelations);

    /**
     * The unit's setup, after install and before config-changed and start (Go juju's order): enters the
     * relations its service is in now (peers included) and runs their {@code -relation-created}, returning
     * once they ran. Nothing is watched yet, so no other relation hook runs. A -relation-created that
     * fails puts its relation in error, as any relation hook's failure does; one already run is not run
     * again.
     *
     * @throws InterruptedException when the agent stops meanwhile (the setup is replayed at its next start)
     */
    void setUp() throws InterruptedException;

    /** Stops watching; {@code stopRelations} also moves "up" relations to "down". */
    void stop(boolean stopRelations);

    /** Departs every relation (running its -relation-broken hook); returns when done. */
    void departAll();

    /** relation-resolved for the named relation ({@code null}: all) in error or down. */
    void resolve(String relationName, boolean retryHook);

    /** Relation name to error message, for status. */
    Map<String, String> relationErrors();

    @Override
    void close();
}
