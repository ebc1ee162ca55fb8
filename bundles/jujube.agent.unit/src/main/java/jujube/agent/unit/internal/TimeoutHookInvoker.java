package jujube.agent.unit.internal;

import java.time.Duration;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;

/**
 * The shared hook invoker with this unit's configured timeout applied to every hook that names none.
 * {@link jujube.hooks.UnitHookSetup} carries no timeout, so the agent hands the runner this decorator.
 */
record TimeoutHookInvoker(HookInvoker delegate, Duration timeout) implements HookInvoker {

    @Override
    public HookResult invoke(HookInvocation invocation, HookOutput output) {
        return delegate.invoke(invocation.timeout().isPresent() ? invocation : invocation.withTimeout(timeout), output);
    }
}
