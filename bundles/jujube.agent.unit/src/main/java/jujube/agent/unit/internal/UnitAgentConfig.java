package jujube.agent.unit.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * One unit agent's configuration: a factory configuration of pid {@code jujube.agent.unit}, created by
 * the machine agent with {@code getFactoryConfiguration("jujube.agent.unit", "<svc>-<n>", "?")}.
 */
@ObjectClassDefinition(name = "Jujube unit agent", description = "The agent of one service unit")
public @interface UnitAgentConfig {

    @AttributeDefinition(name = "Unit name", description = "The unit, e.g. wordpress/0")
    String unitName();

    @AttributeDefinition(name = "Unit directory", description = "Holds charm/, state/, bin/ and the hook socket")
    String unitDir();

    @AttributeDefinition(name = "Charm directory", description = "Where the unit's charm is unpacked: <unitDir>/charm")
    String charmDir() default "";

    @AttributeDefinition(name = "Machine id", description = "The machine the unit lives on")
    String machineId() default "";

    @AttributeDefinition(name = "Charm storage directory",
            description = "The environment's charm storage, read when the charm is upgraded")
    String charmStorageDir() default "";

    @AttributeDefinition(name = "Retire",
            description = "Set by the machine agent when the unit is removed: depart every relation "
                    + "(-relation-departed for each remote unit, then -relation-broken), run the stop hook, write <unitDir>/state/retired, then idle until the configuration is deleted")
    boolean retire() default false;

    @AttributeDefinition(name = "Hook retry delay (ms)",
            description = "The first wait before a failed hook is retried; it doubles with each failed retry")
    long hookRetryDelayMs() default 5000;

    @AttributeDefinition(name = "Hook retry longest delay (ms)",
            description = "The longest wait between automatic retries of a failed hook (Go juju's 5 minutes)")
    long hookRetryMaxDelayMs() default 300000;

    @AttributeDefinition(name = "Hook timeout (s)",
            description = "A hook running longer is killed with its process group; 0 keeps the invoker's default")
    long hookTimeoutSeconds() default 0;
}
