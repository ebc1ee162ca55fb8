package jujube.agent.provisioning;

import java.util.Set;
import jujube.access.OneTimeCredential;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What machines run on: the provisioning agent's view of a provider (the local provider starts
 * processes on this host; a cloud provider would start instances). A provider serves one environment,
 * and every instance it lists belongs to that environment.
 *
 * <p>The provisioning agent calls it from one thread at a time, holding the machine's provisioning
 * lock, but a provider should still tolerate repeats: {@link #launch} of a machine whose instance is
 * running may return that instance instead of starting a second one, and {@link #terminate} of an
 * instance that is gone does nothing.
 */
@ConsumerType
public interface MachineProvider {
    /**
     * Starts a machine whose agent runs as {@code machineId}, handing the agent {@code credential} before
     * it starts: in its data directory as {@link jujube.access.CredentialFiles#ONE_TIME}
     * ({@link jujube.access.CredentialFiles#writeOneTime}). The agent redeems it for its identity at its
     * first start. A launch of a machine whose instance runs writes it too, for the agent's next start.
     *
     * @return the new instance's id, recorded in the machine's node
     * @throws ProviderException when it cannot be started
     */
    String launch(int machineId, OneTimeCredential credential);

    /**
     * Stops an instance for good.
     *
     * @throws ProviderException when it cannot be stopped
     */
    void terminate(String instanceId);

    /** Whether the instance exists and runs. */
    boolean isRunning(String instanceId);

    /** Every instance of the environment that exists, running or starting. */
    Set<String> instances();
}
