package jujube.itests;

import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ssh, scp, run and status-history on the real distribution on process machines
 * ({@link UnitOperationsScenario}); {@link OperateContainerUnitsIT} runs the same on container machines,
 * apart from this class so that this one needs no turn at the containers' lock.
 */
class OperateUnitsIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;

    @Test
    void on_process_machines() throws Exception {
        Path home = SCRATCH.make("jujube-ops");
        env = Environment.bootstrap(home, "ops", "--placement", "unassigned");
        UnitOperationsScenario.operate(env, home, false);
    }
}
