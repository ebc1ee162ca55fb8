package jujube.agent.provisioning.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.annotation.Annotation;
import java.time.Duration;
import jujube.lib.threads.Backoff;
import jujube.state.StateConnection;
import jujube.testkit.FlakyState;
import jujube.testkit.Polling;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ProvisioningAgentTest {
    /** Waits for what the agents do in their own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    private static final Backoff QUICK = new Backoff(Duration.ofMillis(10), Duration.ofMillis(40));
    private final FakeProvider provider = new FakeProvider();
    private ZooKeeperEnvironment env;

    @BeforeEach
    void environment() {
        env = ZK.newEnvironment("env");
    }

    @AfterEach
    void close() throws Exception {
        env.close();
    }

    private static ProvisioningConfig config() {
        return new ProvisioningConfig() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return ProvisioningConfig.class;
            }

            @Override
            public long bootstrapTimeoutSeconds() {
                return 300;
            }

            @Override
            public long checkIntervalSeconds() {
                return 30;
            }

            @Override
            public String election() {
                return "provisioning";
            }
        };
    }

    @Test
    void a_start_that_fails_twice_is_retried_and_the_agent_ends_up_provisioning() throws Exception {
        StateConnection state = env.state();
        provider.adopt("local-0");
        env.closeLater(state.machines().connectAgent(0));
        FlakyState flaky = new FlakyState(env.connect(), "leadership", 2);
        ProvisioningAgent agent = new ProvisioningAgent(flaky.connection(), provider, config(), QUICK);
        try {
            POLLING.await("the provisioning agent started").until(() -> agent.startup().isStarted());
            assertEquals(2, flaky.failures());
            assertEquals(2, agent.startup().failures());

            int id = state.machines().add().id();
            POLLING.await("the new machine launched").until(() -> provider.launchesOf(id) == 1);
        } finally {
            agent.deactivate();
        }
    }
}
