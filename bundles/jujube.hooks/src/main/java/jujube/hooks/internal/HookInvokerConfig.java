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
}
