package jujube.agent.unit.internal;

import jujube.spi.RelationScopeHandler;

/**
 * The relation-scope handlers as they are at the moment of the call: the unit agent backs this with a
 * multiple, dynamic, greedy reference, so a relation lifecycle asking on every membership change picks
 * up a newly installed (higher-ranked) handler without being restarted.
 */
@FunctionalInterface
interface ScopeHandlers {

    /**
     * The highest-ranked handler registered for {@code scope} ({@code global} or {@code container}).
     *
     * @throws IllegalStateException when no handler serves that scope right now
     */
    RelationScopeHandler forScope(String scope);
}
