package jujube.hooks.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Settings of the hook invoker (pid {@code jujube.hooks.invoker}); every one has a default. */
@ObjectClassDefinition(name = "Jujube hook invoker", description = "How hook processes are run")
public @interface HookInvokerConfig {

    @AttributeDefinition(name = "Default hook timeout (s)",
            description = "A hook running longer is killed with its whole process group; 0 means no timeout")
    long timeoutSeconds() default 3600;

    @AttributeDefinition(name = "Output grace (ms)",
            description = "How long to keep reading a hook's output after it exited, while children it "
                    + "left running still hold the output open")
    long outputGraceMillis() default 1000;

    @AttributeDefinition(name = "Concurrent hooks",
            description = "How many hooks of this agent's units start at once: -1 (the default) no limit, 0 one "
                    + "per core of this machine, else that many. A hook that has run for the slot hold time "
                    + "no longer counts, so long or waiting hooks hold no other unit back for longer than that. "
                    + "Measured in bench/e2e: no gain on a small machine saturated by short hooks, hence no "
                    + "limit by default")
    int maxConcurrentHooks() default -1;

    @AttributeDefinition(name = "Slot hold (ms)",
            description = "How long a running hook counts against the concurrent hooks; 0 means until it ends "
                    + "(then hooks waiting for each other's effects wait until one times out)")
    long slotHoldMillis() default 1000;

    @AttributeDefinition(name = "Native spawn",
            description = "Start hooks with posix_spawn through the JDK's foreign function interface when the "
                    + "agent's JVM enables it (bin/jujube-agent does): a big relation converged in a quarter less "
                    + "time in bench/e2e. false: always through the JDK's ProcessBuilder and the session leader")
    boolean nativeSpawn() default true;
}
