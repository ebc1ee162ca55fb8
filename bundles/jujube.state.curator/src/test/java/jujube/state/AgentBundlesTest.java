package jujube.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.access.Credential;
import jujube.model.StateException;
import jujube.state.curator.StateConnections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agents' bundles in the state: jars published by sha256 and read whole by any agent, each agent's
 * target written by the administrator and followed by the agent, and its report written by that agent only.
 */
class AgentBundlesTest extends ZooKeeperFixture {
    @TempDir
    Path dir;

    private AgentBundle jar(String name, byte[] content) throws Exception {
        Files.write(dir.resolve(name + ".jar"), content);
        return new AgentBundle(name, "1.0.1", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content)),
                content.length);
    }

    private StateConnection agentOf(int machine) {
        ConnectionConfig where = new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5), chroot);
        List<Credential> credentials = StateConnections.redeem(where, state.access().issueOneTimeCredential(machine),
                Duration.ofSeconds(10));
        return connect(List.of(), credentials);
    }

    @Test
    void a_published_jar_comes_back_whole_to_a_machine_and_publishing_it_again_writes_nothing() throws Exception {
        byte[] content = new byte[1_100_000]; // three chunks
        new Random(5).nextBytes(content);
        AgentBundle bundle = jar("jujube.hooks", content);

        assertEquals(content.length, state.agentBundles().publish(dir.resolve("jujube.hooks.jar"), bundle));
        assertEquals(0, state.agentBundles().publish(dir.resolve("jujube.hooks.jar"), bundle), "stored already");

        int machine = state.machines().add().id();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(agentOf(machine).agentBundles().fetch(bundle.sha256(), out));
        assertArrayEquals(content, out.toByteArray());
        assertFalse(state.agentBundles().fetch("0".repeat(64), new ByteArrayOutputStream()), "never published");
    }

    @Test
    void a_jar_that_is_not_the_bundle_named_is_refused() throws Exception {
        AgentBundle bundle = jar("jujube.process", "the bundle".getBytes());
        Files.write(dir.resolve("jujube.process.jar"), "another bu".getBytes()); // same size, other bytes
        StateException e = assertThrows(StateException.class,
                () -> state.agentBundles().publish(dir.resolve("jujube.process.jar"), bundle));
        assertTrue(e.getMessage().contains("is not the one published"), e.getMessage());
        assertFalse(state.agentBundles().fetch(bundle.sha256(), new ByteArrayOutputStream()), "nothing listed");
    }

    @Test
    void a_machine_follows_its_target_and_writes_its_own_report_but_not_anothers_nor_a_target() throws Exception {
        int machine = state.machines().add().id();
        int other = state.machines().add().id();
        StateConnection agent = agentOf(machine);
        AgentBundle hooks = jar("jujube.hooks", "hooks".getBytes());
        AgentBundleSet set = new AgentBundleSet("1.1.0", List.of(hooks));
        List<Optional<AgentUpgradeTarget>> seen = new CopyOnWriteArrayList<>();
        try (Watch watch = agent.agentBundles().watchTarget(AgentBundles.machine(machine), c -> seen.add(c.current()))) {
            state.agentBundles().setTarget(AgentBundles.machine(machine), new AgentUpgradeTarget(1, set));
            org.awaitility.Awaitility.await().pollInterval(Duration.ofMillis(10)).atMost(Duration.ofSeconds(10))
                    .until(() -> seen.contains(Optional.of(new AgentUpgradeTarget(1, set))));
        }
        assertEquals(Optional.of(new AgentUpgradeTarget(1, set)), agent.agentBundles().target(AgentBundles.machine(machine)));

        AgentBundlesReport report = new AgentBundlesReport(1, set, AgentBundlesReport.UPGRADED, "", Instant.parse("2026-11-29T10:00:00Z"));
        agent.agentBundles().report(AgentBundles.machine(machine), report);
        assertEquals(Optional.of(report), state.agentBundles().report(AgentBundles.machine(machine)));
        assertTrue(report.answered(1));

        assertThrows(StateException.class, () -> agent.agentBundles().report(AgentBundles.machine(other), report),
                "another machine's report");
        assertThrows(StateException.class, () -> agent.agentBundles().setTarget(AgentBundles.machine(machine),
                new AgentUpgradeTarget(2, set)), "a target is the administrator's");
        assertThrows(StateException.class, () -> agent.agentBundles().publish(dir.resolve("jujube.hooks.jar"), hooks),
                "publishing is the administrator's");
        state.agentBundles().setRollout(Map.of("generation", 1));
        assertThrows(StateException.class, () -> agent.agentBundles().rollout(), "the rollout is the administrator's");
    }

    @Test
    void the_controller_has_its_target_and_report_and_the_rollout_is_kept() {
        AgentBundleSet set = new AgentBundleSet("1.1.0", List.of());
        state.agentBundles().setTarget(AgentBundles.CONTROLLER, new AgentUpgradeTarget(3, set));
        assertEquals(3, state.agentBundles().target(AgentBundles.CONTROLLER).orElseThrow().generation());
        assertEquals(Optional.empty(), state.agentBundles().rollout());
        state.agentBundles().setRollout(Map.of("generation", 3));
        assertEquals(Optional.of(Map.of("generation", 3)), state.agentBundles().rollout());
        assertThrows(IllegalArgumentException.class, () -> state.agentBundles().target("machine-x"));
    }

    @Test
    void a_set_names_each_bundle_once_and_says_what_another_changes() throws Exception {
        AgentBundle a = jar("jujube.a", "a".getBytes());
        AgentBundle b = jar("jujube.b", "b".getBytes());
        AgentBundle b2 = jar("jujube.b", "b2".getBytes());
        AgentBundle c = jar("jujube.c", "c".getBytes());
        AgentBundleSet running = new AgentBundleSet("1.0.0", List.of(b, a));
        AgentBundleSet target = new AgentBundleSet("1.1.0", List.of(a, b2, c));
        assertEquals(List.of(a, b), running.bundles(), "sorted by name");
        assertEquals(List.of(b2, c), running.changedIn(target));
        assertEquals(List.of(), target.changedIn(target));
        assertEquals(List.of("jujube.b"), new AgentBundleSet("1", List.of(b)).removedIn(new AgentBundleSet("2", List.of(a))));
        assertThrows(IllegalArgumentException.class, () -> new AgentBundleSet("1", List.of(b, b2)));
        assertThrows(IllegalArgumentException.class, () -> new AgentBundle("jujube.a", "1.0", "xyz", 1));
    }
}
