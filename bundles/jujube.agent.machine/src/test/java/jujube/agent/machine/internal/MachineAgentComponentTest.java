package jujube.agent.machine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.time.Duration;
import jujube.lib.threads.Backoff;
import jujube.model.MachineInfo;
import jujube.model.UnitName;
import jujube.testkit.FlakyState;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

class MachineAgentComponentTest extends MachineFixture {
    /** Waits for what the agents do in their own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private static final Backoff QUICK = new Backoff(Duration.ofMillis(10), Duration.ofMillis(40));

    private MachineAgentConfig config() {
        return new MachineAgentConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return MachineAgentConfig.class;
            }

            @Override
            public int machineId() {
                return 0;
            }

            @Override
            public String dataDir() {
                return dataDir.toString();
            }

            @Override
            public String charmStorageDir() {
                return storageDir.toString();
            }

            @Override
            public String privateAddress() {
                return "127.0.0.1";
            }

            @Override
            public String publicAddress() {
                return "127.0.0.1";
            }
        };
    }

    @Test
    void its_components_are_made_while_the_connection_cannot_answer_yet() throws Exception {
        // an agent redeeming its one-time credential has a connection that answers nothing for a while: what
        // is made at activation must not ask it (the unit files serve the subordinate deployer)
        FlakyState redeeming = new FlakyState(state, "charm", Integer.MAX_VALUE);
        new UnitFilesComponent(redeeming.connection(), config());
        MachineAgentComponent agent = new MachineAgentComponent(redeeming.connection(), new RecordingDeployments(),
                config(), QUICK);
        agent.deactivate();
        assertEquals(0, redeeming.failures(), "nothing asked for the charms");
    }

    @Test
    void a_start_that_fails_twice_is_retried_and_the_agent_ends_up_running() throws Exception {
        FlakyState flaky = new FlakyState(state, "connectAgent", 2);
        RecordingDeployments deployments = new RecordingDeployments();
        MachineAgentComponent agent = new MachineAgentComponent(flaky.connection(), deployments, config(), QUICK);
        try {
            POLLING.await("the machine agent connected").until(agent::isConnected);
            assertEquals(2, flaky.failures());
            assertEquals(2, agent.startup().failures());
            assertTrue(state.machines().list().stream().anyMatch(m -> m.equals(new MachineInfo(0, "local-0", true))));

            UnitName unit = state.units().add("wordpress").name();
            state.units().assign(unit, 0);
            POLLING.await("the unit deployed by the running agent").until(() -> deployments.deployed().containsKey(unit));
        } finally {
            agent.deactivate();
        }
    }
}
