package jujube.agent.machine.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube machine agent", description = "The agent of one machine of the environment.")
@interface MachineAgentConfig {
    @AttributeDefinition(description = "The machine's id in the environment")
    int machineId();

    @AttributeDefinition(description = "The machine's data directory (JUJU_HOME of its units)")
    String dataDir();
}
