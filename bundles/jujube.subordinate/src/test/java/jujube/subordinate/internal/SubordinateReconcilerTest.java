package jujube.subordinate.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import jujube.agent.machine.UnitDeployment;
import jujube.model.RelationInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

class SubordinateReconcilerTest extends SubordinateFixture {
    /** Waits for what the agents do in their own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private static final UnitName LOGGING_0 = new UnitName("logging", 0);
    private static final UnitName LOGGING_1 = new UnitName("logging", 1);

    @Test
    void each_principal_gets_one_subordinate_in_its_container_with_its_addresses() throws Exception {
        UnitName w0 = principal();
        UnitName w1 = principal();
        startDeployer();
        relate();
        POLLING.await("two deployed").until(() -> deployer().deployed().size() == 2);

        Map<UnitName, UnitName> subs = subordinatesInState();
        assertEquals(2, subs.size(), subs.toString());
        assertEquals(subs, deployer().deployed(), "each deployed in the container of its own principal");
        assertEquals(java.util.Set.of(w0, w1), java.util.Set.copyOf(subs.values()));
        for (Map.Entry<UnitName, UnitName> e : subs.entrySet()) {
            UnitInfo sub = state.units().get(e.getKey());
            UnitInfo principal = state.units().get(e.getValue());
            assertEquals(principal.privateAddress(), sub.privateAddress());
            assertEquals(principal.publicAddress(), sub.publicAddress());
            assertTrue(sub.machineId().isEmpty(), "no machine of its own");
            UnitDeployment d = deployments.get(e.getKey()).deployment();
            assertEquals(Optional.of(e.getValue()), d.container());
            assertTrue(Files.isDirectory(d.dirs().charmDir()));
            assertEquals(1, deployments.count("deploy " + e.getKey()));
        }

        UnitName w2 = principal();
        POLLING.await("a third").until(() -> deployer().deployed().containsValue(w2));
        assertEquals(3, subordinatesInState().size());
        assertTrue(deployer().failures().isEmpty(), deployer().failures().toString());
    }

    @Test
    void removing_the_relation_retires_then_removes_the_subordinates_and_keeps_the_service() throws Exception {
        principal();
        principal();
        RelationInfo relation = relate();
        startDeployer();
        POLLING.await("two deployed").until(() -> deployer().deployed().size() == 2);

        state.relations().remove(relation.id());
        POLLING.await("retire asked").until(() -> deployments.deployed().values().stream().filter(d -> d.retiring()).count() == 2);
        assertEquals(2, subordinatesInState().size(), "kept until their agents retired");
        assertTrue(Files.isDirectory(files.directories(LOGGING_0).unitDir()));
        agentsRetire();

        // the directory goes last (after the unit left state), so wait for it too rather than race it
        POLLING.await("removed").until(() -> subordinatesInState().isEmpty() && deployer().deployed().isEmpty()
                && !Files.exists(files.directories(LOGGING_0).unitDir())
                && !Files.exists(files.directories(LOGGING_1).unitDir()));
        assertEquals(1, deployments.count("retire " + LOGGING_0));
        assertEquals(1, deployments.count("remove " + LOGGING_0));
        assertTrue(state.services().get("logging").units().isEmpty(), "the service remains, with no units");

        relate();
        POLLING.await("new ones").until(() -> deployer().deployed().size() == 2);
        assertEquals(java.util.Set.of(new UnitName("logging", 2), new UnitName("logging", 3)), subordinatesInState().keySet());
    }

    @Test
    void a_removed_principal_takes_its_subordinate_along_before_it_goes_itself() throws Exception {
        UnitName w0 = principal();
        UnitName w1 = principal();
        relate();
        startDeployer();
        POLLING.await("two deployed").until(() -> deployer().deployed().size() == 2);
        UnitName sub0 = subordinateOf(w0);

        state.units().unassign(w0);
        state.units().remove(w0); // the state removes the subordinates in its container with it
        POLLING.await("retire asked").until(() -> deployments.get(sub0).retiring());
        agentsRetire();
        POLLING.await("removed").until(() -> !deployer().deployed().containsKey(sub0)
                && !Files.exists(files.directories(sub0).unitDir()));
        assertEquals(Map.of(subordinateOf(w1), w1), deployer().deployed());
    }

    @Test
    void a_restart_after_the_unit_was_added_deploys_that_unit_and_adds_no_other() throws Exception {
        UnitName w0 = principal();
        relate();
        UnitInfo created = state.units().addSubordinate("logging", w0); // the crash came right after this
        startDeployer();
        POLLING.await("deployed").until(() -> deployer().deployed().containsKey(created.name()));
        assertEquals(Map.of(created.name(), w0), subordinatesInState());
    }

    @Test
    void a_restart_mid_removal_finishes_it_from_what_disk_and_state_show() throws Exception {
        UnitName w0 = principal();
        UnitName w1 = principal();
        RelationInfo relation = relate();
        // logging/0: retired and its configuration removed, unit and directory left
        UnitName retired = state.units().addSubordinate("logging", w0).name();
        Files.createDirectories(files.directories(retired).stateDir());
        Files.writeString(files.directories(retired).retiredMarker(), "retired\n");
        // logging/1: asked to retire, its agent not finished
        UnitName retiring = state.units().addSubordinate("logging", w1).name();
        files.install(retiring, state.charms().get(state.units().get(retiring).charmId()));
        deployments.deploy(new UnitDeployment(retiring, 0, files.directories(retiring), Optional.of(w1)));
        deployments.retire(retiring);
        state.relations().remove(relation.id());

        startDeployer();
        // its directory goes last (left by a crash, the machine agent removes it as a stray)
        POLLING.await("the retired one removed").until(() -> !subordinatesInState().containsKey(retired)
                && !Files.exists(files.directories(retired).unitDir()));
        assertTrue(subordinatesInState().containsKey(retiring), "waits for its agent");
        stopDeployer();
        agentsRetire();
        startDeployer();
        POLLING.await("all removed").until(() -> subordinatesInState().isEmpty() && deployments.deployed().size() == 2);
        assertEquals(1, deployments.count("retire " + retiring));
    }

    @Test
    void a_second_subordinate_in_one_container_is_removed_and_a_retiring_one_is_not_replaced_early() throws Exception {
        UnitName w0 = principal();
        relate();
        UnitName first = state.units().addSubordinate("logging", w0).name();
        UnitName second = state.units().addSubordinate("logging", w0).name();
        startDeployer();
        POLLING.await("the duplicate removed").until(() -> subordinatesInState().equals(Map.of(first, w0))
                && !Files.exists(files.directories(second).unitDir()));
        assertEquals(Map.of(first, w0), deployer().deployed());
        assertEquals(0, deployments.count("deploy " + second));
        assertFalse(Files.exists(files.directories(second).unitDir()));
    }

    private UnitName subordinateOf(UnitName principal) {
        return subordinatesInState().entrySet().stream().filter(e -> e.getValue().equals(principal))
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }
}
