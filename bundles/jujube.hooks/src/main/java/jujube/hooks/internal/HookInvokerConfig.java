package jujube.hooks.internal;

import jujube.process.OutputLimits;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Settings of the hook invoker (pid {@code jujube.hooks.invoker}); every one has a default. Beside them,
 * Declarative Services reads {@code spawner.target}, a filter on the spawners the invoker may use: for
 * instance {@code (jujube.hooks.spawner=jdk)} starts hooks through the JDK even where the native spawner
 * is installed.
 */
@ObjectClassDefinition(name = "Jujube hook invoker", description = "How hook processes are run")
public @interface HookInvokerConfig {

    @AttributeDefinition(name = "Default hook timeout (s)",
            description = "A hook running longer is killed with its whole process group; 0 means no timeout")
    long timeoutSeconds() default 3600;

    @AttributeDefinition(name = "Output grace (ms)",
            description = "How long to keep reading a hook's output after it exited, while children it "
                    + "left running still hold the output open")
    long outputGraceMillis() default 1000;

    @AttributeDefinition(name = "Processes per unit",
            description = "How many processes (threads included) a unit's hooks and everything they start may "
                    + "have at once, through a pids cgroup per unit (cgroup v2, else v1); a unit that reaches it "
                    + "has all its processes killed, and the hook then running fails. 0: no limit. Where no pids "
                    + "cgroup can be written, hooks run without it and the agent's log says so once")
    int maxProcesses() default 100;

    @AttributeDefinition(name = "Output lines per hook",
            description = "How many lines of a hook's output (stdout and stderr together) reach the agent's log, "
                    + "the debug log and a run command's answer; the rest are counted in one note. 0: no limit")
    int maxOutputLines() default OutputLimits.DEFAULT_MAX_LINES;

    @AttributeDefinition(name = "Output line length (bytes)",
            description = "How much of one line of a hook's output is kept; the rest of the line is counted and "
                    + "dropped, so an endless line costs the agent no memory")
    int maxOutputLineBytes() default OutputLimits.DEFAULT_MAX_LINE_BYTES;

    @AttributeDefinition(name = "Output per hook (bytes)",
            description = "A hook that writes more than this (stdout and stderr together) is killed and fails. "
                    + "0: no limit (an endless writer then keeps a core busy until its timeout)")
    long maxOutputBytes() default OutputLimits.DEFAULT_MAX_BYTES;
}
