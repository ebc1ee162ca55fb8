package jujube.scope.internal;

import java.util.Map;
import java.util.Set;
import jujube.spi.RelationScopeHandler;
import org.osgi.service.component.annotations.Component;

/** Global scope: a unit sees every unit of the other side (or its peers), wherever they live. */
@Component(property = {RelationScopeHandler.SCOPE + "=global", "service.ranking:Integer=0"})
public final class GlobalScopeHandler implements RelationScopeHandler {
    @Override
    public String scope() {
        return "global";
    }

    @Override
    public Set<String> visible(String self, String selfContainer, Map<String, String> candidates) {
        java.util.Set<String> all = new java.util.TreeSet<>(candidates.keySet());
        all.remove(self);
        return Set.copyOf(all);
    }
}
