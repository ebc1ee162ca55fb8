package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import jujube.spi.RelationScopeHandler;
import org.junit.jupiter.api.Test;

/** The scope handler chosen at call time: by scope, then ranking, then service id. */
class RankedScopeHandlersTest {
    private final RankedScopeHandlers handlers = new RankedScopeHandlers();

    @Test
    void the_highest_ranked_handler_of_the_scope_wins_until_it_goes_away() {
        RelationScopeHandler global = handler("global");
        RelationScopeHandler better = handler("global");
        RelationScopeHandler container = handler("container");
        handlers.add(global, Map.of("scope", "global", "service.id", 1L, "service.ranking", 0));
        handlers.add(container, Map.of("scope", "container", "service.id", 2L, "service.ranking", 50));
        assertSame(global, handlers.forScope("global"));

        handlers.add(better, Map.of("scope", "global", "service.id", 3L, "service.ranking", 10));
        assertSame(better, handlers.forScope("global"));
        assertSame(container, handlers.forScope("container"));

        handlers.remove(better);
        assertSame(global, handlers.forScope("global"));
    }

    @Test
    void equal_rankings_prefer_the_older_service_and_a_missing_scope_is_an_error() {
        RelationScopeHandler first = handler("global");
        handlers.add(handler("global"), Map.of("scope", "global", "service.id", 7L));
        handlers.add(first, Map.of("scope", "global", "service.id", 4L));
        assertSame(first, handlers.forScope("global"));
        assertThrows(IllegalStateException.class, () -> handlers.forScope("container"));
    }

    private static RelationScopeHandler handler(String scope) {
        return new RelationScopeHandler() {
            @Override
            public String scope() {
                return scope;
            }

            @Override
            public Set<String> visible(String self, String selfContainer, Map<String, String> candidates) {
                return Set.copyOf(candidates.keySet());
            }
        };
    }
}
