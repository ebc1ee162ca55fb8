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
            description = "At most this many hooks of this agent's units run at once; 0 means no limit. On a "
                    + "small machine kept busy by many units, a limit near its core count spares the cost of "
                    + "all their hooks competing; but hooks of different units then wait for each other, "
                    + "which charms written for the original juju do not expect, hence no limit by default")
    int maxConcurrentHooks() default 0;
}
