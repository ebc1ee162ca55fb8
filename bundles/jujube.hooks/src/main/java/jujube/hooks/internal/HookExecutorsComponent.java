package jujube.hooks.internal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jujube.hooks.HookExecutor;
import jujube.hooks.HookExecutors;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The {@link HookExecutors} service. It remembers the executors it made until they are closed, so
 * that stopping this bundle ends their threads even if a unit agent forgot to.
 */
@Component(service = HookExecutors.class)
public final class HookExecutorsComponent implements HookExecutors {
    private final Set<UnitHookExecutor> open = ConcurrentHashMap.newKeySet();

    @Override
    public HookExecutor newExecutor(String unitName) {
        UnitHookExecutor executor = new UnitHookExecutor(unitName, open::remove);
        open.add(executor);
        return executor;
    }

    @Deactivate
    void deactivate() {
        List.copyOf(open).forEach(UnitHookExecutor::close);
    }
}
