package jujube.agent.machine;

import java.util.Map;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The unit agents deployed in this framework, one factory configuration each (factory pid
 * {@value #FACTORY_PID}, name {@link UnitDirectories#directoryName}, so the pid
 * {@code jujube.agent.unit~wordpress-0} is fixed by the unit's name: there is never a second
 * configuration, hence never a second agent, for one unit, whoever deploys it and however often).
 *
 * <p>Configuration properties, the contract with the unit agent: {@value #UNIT_NAME} ({@code wordpress/0}),
 * {@value #UNIT_DIR}, {@value #CHARM_DIR} (absolute paths), {@value #MACHINE_ID}, {@value #CONTAINER} (only
 * for a subordinate: its principal's name), and {@value #RETIRE} ({@code true} once retiring was asked:
 * the unit agent then runs its stop hook, departs its relations and writes
 * {@link UnitDirectories#retiredMarker()}; only after that marker is the deployment {@link #remove}d).
 */
@ProviderType
public interface UnitAgentDeployments {
    String FACTORY_PID = "jujube.agent.unit";
    String UNIT_NAME = "unitName";
    String UNIT_DIR = "unitDir";
    String CHARM_DIR = "charmDir";
    String MACHINE_ID = "machineId";
    String CONTAINER = "container";
    String RETIRE = "retire";

    /**
     * Creates the unit's agent unless its configuration exists already (then nothing changes): safe to
     * repeat after any crash.
     *
     * @throws DeploymentException when the configuration cannot be stored
     */
    void deploy(UnitDeployment deployment);

    /** Asks the unit's agent to retire; nothing happens when the unit is not deployed. */
    void retire(UnitName unit);

    /** Deletes the unit's configuration, which stops its agent; nothing happens when it is not deployed. */
    void remove(UnitName unit);

    /** The unit agents deployed here, by unit. */
    Map<UnitName, DeployedUnit> deployed();
}
