package jujube.agent.provisioning.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import jujube.model.MachineInfo;
import jujube.state.Presence;
import jujube.state.StateConnection;
import jujube.testkit.Polling;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ProvisionerTest {
    /** Waits for what the agents do in their own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    private final List<ScheduledExecutorService> executors = new ArrayList<>();
    private final FakeProvider provider = new FakeProvider();
    private ZooKeeperEnvironment env;
    private StateConnection state;

    @BeforeEach
    void environment() {
        env = ZK.newEnvironment("env");
        state = env.state();
        provider.adopt("local-0");
        // machine 0 runs, as after bootstrap
        env.closeLater(state.machines().connectAgent(0));
    }

    @AfterEach
    void closeAll() throws Exception {
        for (ScheduledExecutorService e : executors) {
            e.shutdownNow();
            e.awaitTermination(10, TimeUnit.SECONDS);
        }
        env.close();
    }

    private StateConnection connect() {
        return env.connect();
    }

    private Provisioner provisioner(StateConnection connection, Duration bootstrapTimeout) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "jujube-provisioning-test"));
        executors.add(executor);
        Provisioner p = new Provisioner(connection.provisioning(), provider, bootstrapTimeout, Duration.ofSeconds(30), "provisioning", executor);
        env.closeLater(p);
        p.start();
        return p;
    }

    private MachineInfo machine(int id) {
        return state.machines().list().stream().filter(m -> m.id() == id).findFirst().orElseThrow();
    }

    @Test
    void a_new_machine_is_launched_once_by_the_leader_of_two_agents() throws Exception {
        Provisioner first = provisioner(connect(), Duration.ofMinutes(5));
        Provisioner second = provisioner(connect(), Duration.ofMinutes(5));
        POLLING.await("a leader").until(() -> first.isLeader() || second.isLeader());
        assertFalse(first.isLeader() && second.isLeader());

        int id = state.machines().add().id();
        POLLING.await("instance recorded").until(() -> !machine(id).instanceId().isEmpty());
        assertEquals(List.of(machine(id).instanceId()), provider.launched);
        int other = state.machines().add().id();
        POLLING.await("second instance recorded").until(() -> !machine(other).instanceId().isEmpty());
        assertEquals(1, provider.launchesOf(id));
        assertEquals(1, provider.launchesOf(other));
        assertTrue(provider.terminated.isEmpty(), "machine 0 and its bootstrap instance are left alone");
    }

    @Test
    void the_other_agent_takes_over_when_the_leader_goes() throws Exception {
        StateConnection firstConnection = connect();
        Provisioner first = provisioner(firstConnection, Duration.ofMinutes(5));
        POLLING.await("first leads").until(first::isLeader);
        Provisioner second = provisioner(connect(), Duration.ofMinutes(5));
        first.close();
        POLLING.await("second leads").until(second::isLeader);
        int id = state.machines().add().id();
        POLLING.await("instance recorded").until(() -> !machine(id).instanceId().isEmpty());
        assertEquals(1, provider.launchesOf(id));
    }

    @Test
    void a_machine_whose_agent_never_connects_is_launched_again_after_the_bootstrap_timeout() throws Exception {
        provisioner(connect(), Duration.ofMillis(500));
        int id = state.machines().add().id();
        POLLING.await("relaunched").until(() -> provider.launchesOf(id) >= 2);
        String firstInstance = provider.launched.get(0);
        assertTrue(provider.terminated.contains(firstInstance));
        POLLING.await("new instance recorded").until(() -> !machine(id).instanceId().equals(firstInstance));

        // once its agent connects, it stays
        try (Presence agent = state.machines().connectAgent(id)) {
            String instance = machine(id).instanceId();
            long launches = provider.launchesOf(id);
            awaitStable(() -> machine(id).instanceId().equals(instance) && provider.launchesOf(id) == launches,
                    Duration.ofMillis(1500));
        }
    }

    @Test
    void a_removed_machine_is_terminated() throws Exception {
        provisioner(connect(), Duration.ofMinutes(5));
        int id = state.machines().add().id();
        POLLING.await("instance recorded").until(() -> !machine(id).instanceId().isEmpty());
        String instance = machine(id).instanceId();
        state.machines().remove(id);
        POLLING.await("terminated").until(() -> provider.terminated.contains(instance));
        assertFalse(provider.isRunning(instance));
        assertTrue(provider.isRunning("local-0"));
    }

    @Test
    void a_machine_locked_by_someone_else_is_not_launched_until_released() throws Exception {
        int id = state.machines().add().id();
        Presence lock = state.machines().tryLockProvisioning(id).orElseThrow();
        Provisioner p = provisioner(connect(), Duration.ofMinutes(5));
        POLLING.await("leads").until(p::isLeader);
        assertEquals(0, provider.launchesOf(id));
        lock.close();
        // the lock is no event: the regular check or the next change picks it up
        state.machines().add();
        POLLING.await("launched").until(() -> provider.launchesOf(id) == 1);
    }

    @Test
    void a_machine_on_another_host_is_never_launched_relaunched_or_terminated() throws Exception {
        provisioner(connect(), Duration.ofMillis(300));
        int manual = state.machines().add("ssh:root@10.1.2.3").id();
        // a machine of the provider's, added after it: once it is launched, the pass that saw both is over
        int id = state.machines().add().id();
        POLLING.await("the provider's machine launched twice").until(() -> provider.launchesOf(id) >= 2);
        assertEquals(0, provider.launchesOf(manual));
        assertTrue(provider.terminated.stream().noneMatch(i -> i.startsWith("ssh:")), provider.terminated.toString());
        assertEquals("ssh:root@10.1.2.3", machine(manual).instanceId(), "its agent never came, and it stays");
    }

    /** Asserts that a condition holds throughout a period: used only to show that nothing more happens. */
    static void awaitStable(BooleanSupplier condition, Duration period) throws InterruptedException {
        long end = System.nanoTime() + period.toNanos();
        while (System.nanoTime() < end) {
            assertTrue(condition.getAsBoolean());
            Thread.sleep(20);
        }
    }
}
