package jujube.scope.internal;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import jujube.spi.RelationScopeHandler;
import org.osgi.service.component.annotations.Component;

/**
 * Container scope (seed 004): a unit sees only the units living in its own container, that is a
 * principal sees its own subordinates and a subordinate sees its principal.
 */
@Component(property = {RelationScopeHandler.SCOPE + "=container", "service.ranking:Integer=0"})
public final class ContainerScopeHandler implements RelationScopeHandler {
    @Override
    public String scope() {
        return "container";
    }

    @Override
    public Set<String> visible(String self, String selfContainer, Map<String, String> candidates) {
        return candidates.entrySet().stream()
                .filter(e -> !e.getKey().equals(self) && selfContainer.equals(e.getValue()))
                .map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }
}
