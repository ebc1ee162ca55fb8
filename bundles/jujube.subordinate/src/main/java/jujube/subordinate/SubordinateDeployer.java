package jujube.subordinate;

import java.util.Map;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The deployer of one machine's subordinate units, registered as a service while it runs. For every
 * container-scoped relation between the service of a principal unit deployed on this machine and a
 * subordinate service, it keeps exactly one subordinate unit of that service in the principal's
 * container, deployed through the machine's unit agent deployments; when the relation or the principal
 * goes, it retires that unit (stop hook, relations departed) and removes it from the state and the disk.
 */
@ProviderType
public interface SubordinateDeployer {
    /** The machine it works for. */
    int machineId();

    /** The subordinate units deployed on this machine, each with the principal whose container it lives in. */
    Map<UnitName, UnitName> deployed();

    /** The units whose last step failed (and is being retried), with the reason. */
    Map<UnitName, String> failures();
}
