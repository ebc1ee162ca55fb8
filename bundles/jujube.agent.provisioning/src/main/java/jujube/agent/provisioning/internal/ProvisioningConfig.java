package jujube.agent.provisioning.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube provisioning agent", description = "Launches and terminates the environment's machines.")
@interface ProvisioningConfig {
    @AttributeDefinition(description = "Seconds a launched machine's agent has to connect before the machine is terminated and launched again")
    long bootstrapTimeoutSeconds() default 120;

    @AttributeDefinition(description = "Seconds between checks of every machine when nothing changes")
    long checkIntervalSeconds() default 30;

    @AttributeDefinition(description = "The leader election the controllers' provisioning agents stand in")
    String election() default "provisioning";
}
