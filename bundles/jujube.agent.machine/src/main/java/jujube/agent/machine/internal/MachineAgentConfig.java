package jujube.agent.machine.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube machine agent", description = "The agent of one machine of the environment.")
@interface MachineAgentConfig {
    @AttributeDefinition(description = "The machine's id in the environment")
    int machineId();

    @AttributeDefinition(description = "The machine's data directory (JUJU_HOME of its units)")
    String dataDir();

    @AttributeDefinition(description = "The environment's charm storage directory, where unit charms are fetched from")
    String charmStorageDir();

    @AttributeDefinition(description = "The address other units reach this machine's units at")
    String privateAddress() default "127.0.0.1";

    @AttributeDefinition(description = "The address the world reaches this machine's units at")
    String publicAddress() default "127.0.0.1";
}
