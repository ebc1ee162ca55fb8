package jujube.hooks.internal;

import java.time.Duration;
import jujube.process.ProcessRecords;
import jujube.process.internal.JdkProcessSpawner;
import jujube.process.internal.ProcessRecordsComponent;
import jujube.process.internal.ProcessRunnersComponent;

/** The process bundle's services, wired by hand as Declarative Services would, for hooks started with the JDK. */
final class ProcessServices {
    private ProcessServices() {
    }

    /** An invoker without process limit; its owner deactivates it. */
    static ProcessHookInvoker invoker(Duration timeout, Duration outputGrace) {
        return new ProcessHookInvoker(timeout, outputGrace, new ProcessRunnersComponent(), new JdkProcessSpawner());
    }

    static ProcessRecords records() {
        return new ProcessRecordsComponent();
    }
}
