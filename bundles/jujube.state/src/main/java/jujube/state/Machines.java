package jujube.state;

import jujube.model.MachineInfo;
import jujube.model.UnitName;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/** The environment's machines. */
@ProviderType
public interface Machines {
    /** Every machine in the topology, by id. */
    List<MachineInfo> list();

    /**
     * Announces that the agent of {@code machineId} runs, until the returned presence is closed; the
     * presence also carries what the agent reports of its machine.
     *
     * @throws NoSuchMachineException when the machine is not in the environment
     */
    AgentPresence connectAgent(int machineId);

    /** Adds a machine for the provisioning agent to launch. */
    MachineInfo add();

    /**
     * Adds a machine whose instance exists already, started by someone else than the provisioning agent
     * (a machine added over SSH): it is recorded with {@code instanceId} from the start.
     *
     * @since 3.2
     */
    MachineInfo add(String instanceId);

    /**
     * Removes a machine and its node.
     *
     * @throws MachineHasUnitsException when units are still assigned to it
     * @throws NoSuchMachineException when it does not exist
     */
    void remove(int machineId);

    /**
     * Whether placement made the machine for a unit ({@code unassigned}, no free machine), rather than the
     * operator adding it: only such a machine is removed when its last unit leaves.
     *
     * @throws NoSuchMachineException when it does not exist
     * @since 8.0
     */
    boolean madeForUnit(int machineId);

    /** Records the provider's instance id of a launched machine. */
    void setInstanceId(int machineId, String instanceId);

    /** The units assigned to the machine (principals only: subordinates live in their containers). */
    Set<UnitName> assignedUnits(int machineId);

    /**
     * Takes the machine's provisioning lock, an ephemeral node of this session, when nobody holds it.
     * Closing the returned presence releases it.
     */
    Optional<Presence> tryLockProvisioning(int machineId);

    /** Watches the set of machine ids. */
    Watch watch(StateWatcher<Set<Integer>> watcher);

    /** Watches the units assigned to one machine: what its machine agent deploys. */
    Watch watchAssignedUnits(int machineId, StateWatcher<Set<UnitName>> watcher);
}
