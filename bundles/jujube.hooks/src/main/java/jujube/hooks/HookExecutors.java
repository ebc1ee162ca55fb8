package jujube.hooks;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Creates the per-unit {@link HookExecutor}s. The caller owns each executor and closes it when its
 * unit agent stops; executors still open when this service goes away are closed by it.
 */
@ProviderType
public interface HookExecutors {

    /** A new, stopped executor whose thread is named after the unit ({@code jujube-<unit>-hooks}). */
    HookExecutor newExecutor(String unitName);
}
