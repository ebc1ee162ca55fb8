package jujube.agent.unit.internal;

import static jujube.agent.unit.internal.UnitAgentFixture.CHARM_1;
import static jujube.agent.unit.internal.UnitAgentFixture.CHARM_2;
import static jujube.agent.unit.internal.UnitAgentFixture.UNIT;
import static jujube.agent.unit.internal.UnitAgentFixture.awaitQuiet;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import java.util.List;
import java.util.Map;
import jujube.model.ResolvedMode;
import jujube.model.UpgradeRequest;
import jujube.testkit.Polling;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.WorkflowState;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Charm upgrades inside the upgrade_charm transition, with the default directory-swapping handler. */
class UnitAgentUpgradeTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    /** Revision 2 of the charm, in the storage and the state, to upgrade to. */
    @BeforeEach
    void publishSecondRevision() throws IOException {
        fx.publish(CHARM_2, fx.charm(2, "-v2"));
    }

    /** Starts the agent and, once it is started and quiet, asks it to upgrade blog to revision 2. */
    private void startAndUpgradeToRevision2() {
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("started").until(() -> "started".equals(agent.workflowState()));
        awaitQuiet(agent);
        fx.state.services().setCharm("blog", CHARM_2);
        fx.state.units().setUpgrade(UNIT, new UpgradeRequest(false));
    }

    @Test
    void the_upgrade_flag_replaces_the_charm_and_runs_upgrade_charm_from_the_new_one() throws IOException {
        startAndUpgradeToRevision2();

        POLLING.await("upgrade-charm ran").until(() -> fx.hookLog().contains("upgrade-charm-v2"));
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).upgrade().isEmpty());
        assertEquals("-v2\n", Files.readString(fx.unitDir.resolve("charm").resolve("VERSION")));
        assertEquals(List.of("install", "config-changed", "start", "upgrade-charm-v2"), fx.hookLog());
        WorkflowState stored = fx.storedState();
        assertEquals("started", stored.state());
        assertEquals(Map.of(), stored.vars(), "the upgrade marker is gone");
        assertEquals(CHARM_2, fx.state.units().get(UNIT).charmId(), "the unit's node names the charm it runs now");
        assertEquals(CHARM_2, fx.lastCharmSeen(), "upgrade-charm is told the new charm");

        // the hooks run from the new charm from now on
        fx.state.services().updateConfig("blog", Map.of("title", "after upgrade"));
        POLLING.await("config-changed of v2").until(() -> fx.hookLog().contains("config-changed-v2"));
        assertEquals(CHARM_2, fx.lastCharmSeen());
    }

    @Test
    void a_machine_without_the_charm_storage_upgrades_from_the_copy_the_state_keeps() throws IOException {
        Path stored = fx.storageDir.resolve(CharmStorage.keyOf(CharmUrl.parse(CHARM_2)));
        Path elsewhere = Files.move(stored, fx.storageDir.resolveSibling("operator-side.charm"));
        fx.state.charms().storeArchive(CHARM_2, elsewhere);
        startAndUpgradeToRevision2();
        POLLING.await("upgrade-charm ran").until(() -> fx.hookLog().contains("upgrade-charm-v2"));
        assertEquals("-v2\n", Files.readString(fx.unitDir.resolve("charm").resolve("VERSION")));
        assertEquals(CHARM_2, fx.state.units().get(UNIT).charmId());
    }

    @Test
    void a_failing_upgrade_hook_enters_charm_upgrade_error_and_resolved_retries_it() throws IOException {
        fx.failHook("upgrade-charm", true);
        startAndUpgradeToRevision2();
        POLLING.await("charm_upgrade_error").until(() -> "charm_upgrade_error".equals(fx.replicatedState()));
        assertEquals(List.of("start(true)"), fx.relations.calls(), "relations keep running in charm_upgrade_error");

        fx.failHook("upgrade-charm", false);
        fx.state.units().setResolved(UNIT, ResolvedMode.RETRY_HOOK);

        POLLING.await("started").until(() -> "started".equals(fx.replicatedState()));
        assertEquals(List.of("install", "config-changed", "start", "upgrade-charm-v2", "upgrade-charm-v2"),
                fx.hookLog());
    }

    @Test
    void a_restart_with_the_upgrade_marker_set_ends_in_charm_upgrade_error() throws IOException {
        // as if the process died inside upgrade_charm, between setting and clearing the marker
        fx.store().save(new WorkflowState("started", "upgrade_charm", Map.of(UnitWorkflow.CHARM_UPGRADE_MARKER, "true")));

        UnitAgentRuntime agent = fx.startAgent(0);
        awaitQuiet(agent);

        assertEquals("charm_upgrade_error", fx.storedState().state());
        assertEquals("charm_upgrade_error", fx.replicatedState());
        assertEquals(List.of(), fx.hookLog(), "no hook runs while the charm may be half upgraded");
        assertEquals(List.of("start(false)"), fx.relations.calls());
    }

    @Test
    void a_forced_upgrade_in_an_error_state_replaces_the_charm_without_hook_or_transition() throws IOException {
        fx.failHook("install", true);
        UnitAgentRuntime agent = fx.startAgent(0);
        POLLING.await("install_error").until(() -> "install_error".equals(fx.replicatedState()));
        awaitQuiet(agent);

        fx.state.services().setCharm("blog", CHARM_2);
        fx.state.units().setUpgrade(UNIT, new UpgradeRequest(true));

        POLLING.await("charm replaced").until(() -> readVersion(fx).equals("-v2\n"));
        POLLING.await("flag cleared").until(() -> fx.state.units().flags(UNIT).upgrade().isEmpty());
        assertEquals("install_error", fx.storedState().state());
        assertEquals(List.of("install"), fx.hookLog());
        POLLING.await("the unit's node names the charm it runs now")
                .until(() -> CHARM_2.equals(fx.state.units().get(UNIT).charmId()));
        POLLING.await("the forced upgrade in the status history").until(() -> fx.state.units().statusHistory(UNIT).stream()
                .anyMatch(e -> e.state().equals("install_error") && e.hook().equals("upgrade-charm")
                        && e.message().equals("forced charm upgrade done: no upgrade-charm hook ran")));
    }

    private static String readVersion(UnitAgentFixture fx) {
        try {
            return Files.readString(fx.unitDir.resolve("charm").resolve("VERSION"));
        } catch (IOException e) {
            return "";
        }
    }
}
