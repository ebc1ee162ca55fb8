package jujube.state;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/** The environment's machines. */
@ProviderType
public interface Machines {
    /** Every machine in the topology, by id. */
    List<MachineInfo> list();

    /**
     * Announces that the agent of {@code machineId} runs, until the returned presence is closed.
     *
     * @throws NoSuchMachineException when the machine is not in the environment
     */
    Presence connectAgent(int machineId);
}
