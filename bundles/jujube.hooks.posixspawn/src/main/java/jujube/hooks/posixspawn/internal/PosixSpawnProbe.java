package jujube.hooks.posixspawn.internal;

import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Enables {@link PosixHookSpawner} when {@link PosixSpawn} loads here, so that the spawner is never
 * registered where it could not start a hook (a failed activation would leave the invoker with a service
 * it cannot get). The bundle resolves only where the framework exports {@code jdk.incubator.foreign}
 * (the launcher does when the JVM has the module); loading can still fail without native access, off
 * Linux, or on a C library or kernel that lacks a call. Hooks are then started by the JDK.
 */
@Component(immediate = true, service = {})
public final class PosixSpawnProbe {
    private static final Logger LOG = LoggerFactory.getLogger(PosixSpawnProbe.class);

    @Activate
    public PosixSpawnProbe(ComponentContext context) {
        try {
            PosixSpawn.load();
        } catch (UnsupportedOperationException e) {
            LOG.info("posix_spawn is not available here ({}): hooks are started by the JDK", e.getMessage());
            return;
        }
        context.enableComponent(PosixHookSpawner.class.getName());
    }
}
