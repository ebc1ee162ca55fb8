package jujube.itests;

import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * ssh, scp, run and status-history on the real distribution on container machines
 * ({@link UnitOperationsScenario}), as {@link OperateUnitsIT} runs them on process machines.
 */
@ResourceLock(ContainerMachines.LOCK)
class OperateContainerUnitsIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;

    @Test
    void on_container_machines() throws Exception {
        Path home = SCRATCH.make("jujube-opslxc");
        env = Environment.bootstrap(home, "opslxc", "--machines", "container", "--placement", "unassigned");
        UnitOperationsScenario.operate(env, home, true);
    }
}
