package jujube.agent.unit.internal;

import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jujube.spi.RelationScopeHandler;

/**
 * The relation-scope handlers registered right now, fed by the component's multiple, dynamic, greedy
 * reference; {@link #forScope} chooses at call time, by the {@code scope} property, the highest
 * {@code service.ranking}, then the lowest {@code service.id} (the OSGi order).
 */
final class RankedScopeHandlers implements ScopeHandlers {
    private record Entry(RelationScopeHandler handler, String scope, int ranking, long serviceId) {}

    private static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::ranking).reversed()
            .thenComparingLong(Entry::serviceId);
    private final Map<Long, Entry> registered = new ConcurrentHashMap<>();

    void add(RelationScopeHandler handler, Map<String, Object> properties) {
        long id = properties.get("service.id") instanceof Number n ? n.longValue() : System.identityHashCode(handler);
        Object scope = properties.get(RelationScopeHandler.SCOPE);
        int ranking = properties.get("service.ranking") instanceof Integer r ? r : 0;
        registered.put(id, new Entry(handler, scope != null ? scope.toString() : handler.scope(), ranking, id));
    }

    void remove(RelationScopeHandler handler) {
        registered.values().removeIf(e -> e.handler() == handler);
    }

    @Override
    public RelationScopeHandler forScope(String scope) {
        return registered.values().stream().filter(e -> e.scope().equals(scope)).min(BEST_FIRST)
                .map(Entry::handler)
                .orElseThrow(() -> new IllegalStateException("no relation scope handler for scope '" + scope + "'"));
    }
}
