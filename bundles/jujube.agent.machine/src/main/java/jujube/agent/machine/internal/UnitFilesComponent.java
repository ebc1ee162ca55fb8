package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.file.Path;
import jujube.agent.machine.UnitDirectories;
import jujube.agent.machine.UnitFiles;
import jujube.charm.CharmStorage;
import jujube.files.FileTrees;
import jujube.model.CharmRecord;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Reference;

/**
 * {@link UnitFiles} of the machine the agent's configuration names: the same {@link CharmInstaller} and
 * directory layout the machine agent uses for its principal units, shared with the subordinate deployer.
 */
@Component(configurationPid = "jujube.agent.machine", configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class UnitFilesComponent implements UnitFiles {
    private final int machineId;
    private final Path dataDir;
    private final CharmInstaller installer;

    @Activate
    public UnitFilesComponent(@Reference StateConnection state, MachineAgentConfig config) {
        if (config.charmStorageDir() == null || config.charmStorageDir().isBlank()) {
            throw new IllegalArgumentException("machine " + config.machineId() + ": charmStorageDir is not configured");
        }
        this.machineId = config.machineId();
        this.dataDir = Path.of(config.dataDir()).toAbsolutePath();
        this.installer = new CharmInstaller(new CharmStorage(Path.of(config.charmStorageDir())), state.machine(config.machineId()));
    }

    @Override
    public int machineId() {
        return machineId;
    }

    @Override
    public UnitDirectories directories(UnitName unit) {
        return UnitDirectories.of(dataDir, unit);
    }

    @Override
    public UnitDirectories install(UnitName unit, CharmRecord charm) throws IOException {
        UnitDirectories dirs = directories(unit);
        installer.install(charm, dirs);
        return dirs;
    }

    @Override
    public void delete(UnitName unit) throws IOException {
        // in one rename: a unit agent starting meanwhile finds its retired marker or no directory at all
        FileTrees.deleteAtomically(directories(unit).unitDir());
    }
}
