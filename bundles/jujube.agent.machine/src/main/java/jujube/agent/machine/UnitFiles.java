package jujube.agent.machine;

import java.io.IOException;
import jujube.model.CharmRecord;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The files of the units on this machine, exactly as the machine agent lays them out for its own units:
 * whoever else deploys a unit agent here (the subordinate deployer) installs through this service, so
 * every unit directory has one layout and one installer.
 */
@ProviderType
public interface UnitFiles {
    /** The machine these files live on. */
    int machineId();

    /** Where {@code unit} lives on this machine. */
    UnitDirectories directories(UnitName unit);

    /**
     * Puts the unit's charm in place (fetched from the charm storage, sha256 checked, unpacked completely
     * or not at all) unless it is there already, and creates its state directory: safe to repeat after a
     * crash at any point.
     *
     * @return the unit's directories
     * @throws jujube.charm.CharmException when the stored charm is missing, altered or not a valid archive
     */
    UnitDirectories install(UnitName unit, CharmRecord charm) throws IOException;

    /** Deletes the unit's directory, without following links; nothing happens when it does not exist. */
    void delete(UnitName unit) throws IOException;
}
