package jujube.agent.unit.internal;

import java.time.Duration;
import jujube.hooks.UnitHookRunners;
import jujube.hooks.internal.ProcessHookInvoker;
import jujube.hooks.internal.UnitHookRunnersComponent;
import jujube.process.internal.JdkProcessSpawner;
import jujube.process.internal.ProcessRecordsComponent;
import jujube.process.internal.ProcessRunnersComponent;

/** The services a unit agent gets from the hooks bundle, wired by hand as Declarative Services would. */
final class HookServices {
    private HookServices() {
    }

    /** An invoker starting hooks with the JDK, without process limit; its owner deactivates it. */
    static ProcessHookInvoker invoker(Duration timeout, Duration outputGrace) {
        return new ProcessHookInvoker(timeout, outputGrace, new ProcessRunnersComponent(), new JdkProcessSpawner());
    }

    static UnitHookRunners runners() {
        return new UnitHookRunnersComponent(new ProcessRecordsComponent());
    }
}
