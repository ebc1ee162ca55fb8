package jujube.agent.machine;

import org.osgi.annotation.versioning.ProviderType;

/** The agent of one machine, registered as a service while it runs. */
@ProviderType
public interface MachineAgent {
    /** The machine this agent runs for. */
    int machineId();

    /** Whether the agent's presence node exists, i.e. the environment sees this machine as running. */
    boolean isConnected();
}
