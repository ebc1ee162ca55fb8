package jujube.hooks;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One unit of hook work handed to a {@link HookExecutor}: typically building the hook context,
 * invoking the hook and flushing the context on success. An exception it throws completes the
 * job's stage exceptionally; it does not stop the executor.
 */
@ConsumerType
@FunctionalInterface
public interface HookJob {

    /** Does the work; called once, on the executor's thread or (for a priority job) the caller's. */
    HookResult run() throws Exception;
}
