package jujube.agent.machine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jujube.agent.machine.UnitDirectories;
import jujube.charm.CharmStorage;
import jujube.files.FileTrees;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

class UnitDeployerTest extends MachineFixture {
    /** Waits for what the agents do in their own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private UnitName assignedUnit() {
        UnitName unit = state.units().add("wordpress").name();
        state.units().assign(unit, 0);
        return unit;
    }

    @Test
    void an_assigned_unit_gets_its_charm_unpacked_its_addresses_and_one_agent() throws Exception {
        RecordingDeployments deployments = new RecordingDeployments();
        UnitName unit = assignedUnit();
        UnitDeployer deployer = deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));

        UnitDirectories dirs = UnitDirectories.of(dataDir, unit);
        assertEquals(dataDir.toAbsolutePath().resolve("units/wordpress-0"), dirs.unitDir());
        assertEquals(dirs, deployments.deployed().get(unit).deployment().dirs());
        assertTrue(Files.isRegularFile(dirs.charmDir().resolve("metadata.yaml")));
        assertTrue(Files.isExecutable(dirs.charmDir().resolve("hooks/install")));
        assertTrue(Files.isDirectory(dirs.stateDir()));
        UnitInfo info = state.units().get(unit);
        assertEquals("127.0.0.1", info.privateAddress());
        assertEquals("localhost", info.publicAddress());

        // more changes of the assignment: the first unit's agent is not deployed again
        UnitName second = assignedUnit();
        UnitName third = assignedUnit();
        POLLING.await("all deployed").until(() -> deployments.deployed().keySet().containsAll(java.util.Set.of(second, third)));
        assertEquals(1, deployments.count("deploy " + unit));
        assertTrue(deployer.failures().isEmpty());
    }

    @Test
    void a_machine_without_the_charm_storage_installs_the_copy_the_state_keeps() throws Exception {
        Path stored = storageDir.resolve(CharmStorage.keyOf(jujube.charm.CharmUrl.parse(charm.id())));
        Path elsewhere = Files.move(stored, tmp.resolve("operator-side.charm"));
        RecordingDeployments deployments = new RecordingDeployments();
        UnitName unit = assignedUnit();
        UnitDeployer deployer = deployer(deployments);
        POLLING.await("failure reported").until(() -> deployer.failures().containsKey(unit));
        assertTrue(deployer.failures().get(unit).contains("no stored charm"), deployer.failures().get(unit));

        state.charms().storeArchive(charm.id(), elsewhere); // as deploy does for environments with such machines
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
        assertTrue(Files.isExecutable(UnitDirectories.of(dataDir, unit).charmDir().resolve("hooks/install")));
        assertFalse(Files.exists(stored), "nothing written to the charm storage");
    }

    @Test
    void a_tampered_archive_is_refused_and_no_agent_is_deployed() throws Exception {
        Path stored = storageDir.resolve(CharmStorage.keyOf(jujube.charm.CharmUrl.parse(charm.id())));
        Files.write(stored, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        RecordingDeployments deployments = new RecordingDeployments();
        UnitName unit = assignedUnit();
        UnitDeployer deployer = deployer(deployments);

        POLLING.await("failure reported").until(() -> deployer.failures().containsKey(unit));
        assertTrue(deployer.failures().get(unit).contains("sha256 mismatch"), deployer.failures().get(unit));
        assertTrue(deployments.deployed().isEmpty());
        UnitDirectories dirs = UnitDirectories.of(dataDir, unit);
        assertFalse(Files.exists(dirs.charmDir()));
    }

    @Test
    void a_restart_after_unpacking_deploys_once_and_clears_the_leftovers() throws Exception {
        UnitName unit = assignedUnit();
        UnitDirectories dirs = UnitDirectories.of(dataDir, unit);
        // a crash mid-way left a half-unpacked tree and a half-downloaded archive
        Files.createDirectories(dirs.unitDir().resolve(".charm.extracting123/hooks"));
        Files.writeString(dirs.unitDir().resolve(".charm.download"), "partial");
        RecordingDeployments deployments = new RecordingDeployments();
        deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
        try (var entries = Files.list(dirs.unitDir())) {
            assertEquals(java.util.Set.of("charm", "state"),
                    entries.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
        assertEquals(1, deployments.count("deploy " + unit));
    }

    @Test
    void a_restarted_agent_keeps_existing_deployments() throws Exception {
        UnitName unit = assignedUnit();
        RecordingDeployments deployments = new RecordingDeployments();
        UnitDeployer first = deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
        stop(first);
        // unpacked but no configuration yet: the restart creates it, once
        UnitName second = assignedUnit();
        new CharmInstaller(new CharmStorage(storageDir), state.machine(0)).install(charm, UnitDirectories.of(dataDir, second));

        deployer(deployments);
        POLLING.await("second deployed").until(() -> deployments.deployed().containsKey(second));
        assertEquals(1, deployments.count("deploy " + unit));
        assertEquals(1, deployments.count("deploy " + second));
        assertTrue(Files.isDirectory(UnitDirectories.of(dataDir, unit).charmDir()));
    }

    @Test
    void a_removed_unit_is_retired_then_removed_once_its_agent_wrote_the_marker() throws Exception {
        UnitName unit = assignedUnit();
        RecordingDeployments deployments = new RecordingDeployments();
        UnitDeployer first = deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));

        state.units().unassign(unit);
        state.units().remove(unit);
        POLLING.await("retire asked").until(() -> deployments.deployed().get(unit).retiring());
        UnitDirectories dirs = UnitDirectories.of(dataDir, unit);
        assertTrue(Files.isDirectory(dirs.unitDir()), "kept until the agent retired");
        // the machine agent restarts while the unit agent is still retiring: it keeps waiting
        stop(first);
        deployer(deployments);
        Files.writeString(dirs.retiredMarker(), "");

        POLLING.await("removed").until(() -> !deployments.deployed().containsKey(unit) && !Files.exists(dirs.unitDir()));
        assertEquals(1, deployments.count("retire " + unit));
        assertEquals(1, deployments.count("remove " + unit));
    }

    @Test
    void with_placement_unassigned_an_emptied_machine_made_for_a_unit_goes_one_the_operator_added_stays() throws Exception {
        env.close(); // for one bootstrapped with placement unassigned, which only bootstrap sets
        env = ZK.newEnvironment("env", new jujube.state.EnvironmentSettings("test", "local", "unassigned", "local-0"));
        state = env.state();
        charm = publish("wordpress", 3);
        state.services().add("wordpress", charm.id());
        java.util.Map<Integer, UnitName> units = new java.util.HashMap<>();
        // no free machine yet: placement makes one for this unit
        UnitName first = state.units().add("wordpress", 1, jujube.model.Placement.unusedMachine()).get(0).name();
        int made = state.units().get(first).machineId().getAsInt();
        units.put(made, first);
        int added = state.machines().add().id();
        int remote = state.machines().add("ssh:root@203.0.113.7").id();
        // the others first: their passes are long over at the end
        for (int machine : java.util.List.of(remote, added, made)) {
            UnitName unit = units.computeIfAbsent(machine, m -> {
                UnitName u = state.units().add("wordpress").name();
                state.units().assign(u, m);
                return u;
            });
            RecordingDeployments deployments = new RecordingDeployments();
            Path dir = tmp.resolve("machines/machine-" + machine);
            deployer(deployments, machine, dir);
            POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
            state.units().unassign(unit);
            state.units().remove(unit);
            POLLING.await("retire asked").until(() -> deployments.deployed().get(unit).retiring());
            Files.writeString(UnitDirectories.of(dir, unit).retiredMarker(), "");
            POLLING.await("unit gone").until(() -> !deployments.deployed().containsKey(unit));
        }
        POLLING.await("the machine made for a unit removed").until(() -> state.machines().list().stream()
                .noneMatch(m -> m.id() == made));
        assertTrue(state.machines().list().stream().anyMatch(m -> m.id() == remote), "the machine on another host stays");
        assertTrue(state.machines().list().stream().anyMatch(m -> m.id() == added), "the machine the operator added stays");
    }

    @Test
    void directories_of_units_not_on_this_machine_are_removed() throws Exception {
        UnitName unit = assignedUnit();
        Path ghost = Files.createDirectories(dataDir.resolve("units/ghost-7/charm"));
        Path foreign = Files.createDirectories(dataDir.resolve("units/not-a-unit"));
        // what an atomic removal a kill cut short left behind
        Path setAside = Files.createDirectories(dataDir.resolve("units/" + FileTrees.SET_ASIDE_PREFIX + "mysql-2.42/state"));
        RecordingDeployments deployments = new RecordingDeployments();
        deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
        POLLING.await("ghost removed").until(() -> !Files.exists(ghost.getParent()));
        POLLING.await("set-aside tree removed").until(() -> !Files.exists(setAside.getParent()));
        assertTrue(Files.isDirectory(foreign), "what is not a unit directory is left alone");
    }

    @Test
    void a_removed_principal_is_retired_only_after_the_subordinates_in_its_container() throws Exception {
        UnitName unit = assignedUnit();
        RecordingDeployments deployments = new RecordingDeployments();
        deployer(deployments);
        POLLING.await("deployed").until(() -> deployments.deployed().containsKey(unit));
        // the subordinate deployer's unit in this principal's container
        UnitName sub = new UnitName("logging", 0);
        deployments.deploy(new jujube.agent.machine.UnitDeployment(sub, 0, UnitDirectories.of(dataDir, sub),
                java.util.Optional.of(unit)));

        int before = deployments.reads.get();
        state.units().unassign(unit);
        state.units().remove(unit);
        POLLING.await("passes after the removal").until(() -> deployments.reads.get() >= before + 3);
        assertFalse(deployments.deployed().get(unit).retiring(), "its subordinate's stop hook runs first");
        deployments.remove(sub); // retired and removed by its deployer
        POLLING.await("retire asked").until(() -> deployments.deployed().get(unit).retiring());
    }
}
