package jujube.state;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import jujube.access.OneTimeCredential;
import jujube.model.MachineInfo;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The machines as the provisioner sees them: which exist, which have an instance, the lock that keeps two
 * provisioners from launching one machine twice, and the one-time credential a launched machine's agent
 * redeems, and the election that lets one provisioner act at a time. It adds, removes and assigns
 * nothing: the operator's commands do.
 */
@ProviderType
public interface ProvisioningView {
    /** Stands in the provisioners' election {@code name}: one provisioner acts at a time. */
    Leadership leadership(String name);

    /** The environment's machines. */
    List<MachineInfo> machines();

    /** Watches the set of machine ids. */
    Watch watchMachines(StateWatcher<Set<Integer>> watcher);

    /** Records the provider's instance of a launched machine. */
    void setInstanceId(int machineId, String instanceId);

    /** See {@link Machines#tryLockProvisioning}. */
    Optional<Presence> tryLockProvisioning(int machineId);

    /** See {@link Access#issueOneTimeCredential}. */
    OneTimeCredential issueOneTimeCredential(int machineId);
}
