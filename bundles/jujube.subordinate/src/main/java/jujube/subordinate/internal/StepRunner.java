package jujube.subordinate.internal;

import java.io.IOException;
import java.util.Optional;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitDeployment;
import jujube.agent.machine.UnitDirectories;
import jujube.agent.machine.UnitFiles;
import jujube.model.NoSuchUnitException;
import jujube.state.MachineHandle;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Carries out the planner's {@link Step}s against the state, the machine's unit files and its deployments. */
final class StepRunner {
    private static final Logger LOG = LoggerFactory.getLogger(StepRunner.class);
    private final MachineHandle state;
    private final UnitAgentDeployments deployments;
    private final UnitFiles files;

    StepRunner(MachineHandle state, UnitAgentDeployments deployments, UnitFiles files) {
        this.state = state;
        this.deployments = deployments;
        this.files = files;
    }

    /** Whether {@code unit}'s agent wrote its retired marker. */
    boolean retired(UnitName unit) {
        return java.nio.file.Files.exists(files.directories(unit).retiredMarker());
    }

    /** Runs one step; a waiting step does nothing. */
    void run(Step step) throws IOException {
        if (step instanceof Step.Create c) {
            UnitInfo unit = state.addSubordinate(c.service(), c.principal());
            LOG.info("machine {}: added subordinate unit {} in the container of {}", files.machineId(), unit.name(),
                    c.principal());
        } else if (step instanceof Step.Deploy d) {
            deploy(d.unit(), d.principal());
        } else if (step instanceof Step.Retire r) {
            deployments.retire(r.subject());
            LOG.info("machine {}: retiring subordinate unit {}", files.machineId(), r.subject());
        } else if (step instanceof Step.Remove r) {
            remove(r);
        }
    }

    private void deploy(UnitInfo unit, UnitInfo principal) throws IOException {
        if (principal.privateAddress().isEmpty()) {
            // the machine agent publishes a principal's addresses before deploying it: not there yet, not ours
            throw new IllegalStateException("principal " + principal.name() + " has no address yet");
        }
        UnitDirectories dirs = files.install(unit.name(), state.charm(unit.charmId()));
        // the subordinate shares its principal's container, hence its network: before the agent's first hook
        state.setAddresses(unit.name(), principal.publicAddress(), principal.privateAddress());
        deployments.deploy(new UnitDeployment(unit.name(), files.machineId(), dirs, Optional.of(principal.name())));
        LOG.info("machine {}: deployed subordinate unit {} in the container of {}", files.machineId(), unit.name(),
                principal.name());
    }

    private void remove(Step.Remove r) throws IOException {
        UnitName unit = r.subject();
        if (r.deployed()) {
            deployments.remove(unit);
        }
        if (r.inState()) {
            try {
                state.removeUnit(unit);
            } catch (NoSuchUnitException e) {
                // removed meanwhile (with its principal): what this step wanted
            }
        }
        files.delete(unit);
        LOG.info("machine {}: subordinate unit {} removed", files.machineId(), unit);
    }
}
