package jujube.subordinate.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.machine.UnitDeployment;
import jujube.agent.machine.internal.RecordingDeployments;
import jujube.scope.internal.ContainerScopeHandler;
import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real ZooKeeper (one per class, a fresh chroot per test) holding a principal service {@code wordpress}
 * and a subordinate service {@code logging}; machine 0 with recorded deployments standing in for
 * ConfigAdmin, unit files in a temporary directory, and the real container scope handler.
 */
abstract class SubordinateFixture {
    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    @TempDir
    Path tmp;
    ZooKeeperEnvironment env;
    StateConnection state;
    final RecordingDeployments deployments = new RecordingDeployments();
    DirectoryUnitFiles files;
    private SubordinateReconciler running;
    private ScheduledExecutorService executor;

    @BeforeEach
    void environment() {
        files = new DirectoryUnitFiles(tmp.resolve("machines/machine-0"));
        env = ZK.newEnvironment("sub");
        state = env.state();
        state.services().add("wordpress", publish("wordpress", Map.of("name", "wordpress")).id());
        state.services().add("logging", publish("logging", Map.of("name", "logging", "subordinate", true)).id());
    }

    @AfterEach
    void closeAll() throws Exception {
        stopDeployer();
        env.close();
    }

    private CharmRecord publish(String name, Map<String, Object> metadata) {
        return state.charms().publish(new CharmRecord("local:precise/" + name + "-1", "file:///nowhere/" + name,
                "0".repeat(64), metadata, Map.of()));
    }

    /** A principal unit assigned to machine 0 and deployed there, as the machine agent does it. */
    UnitName principal() {
        UnitName unit = state.units().add("wordpress").name();
        state.units().assign(unit, 0);
        state.units().setAddresses(unit, "public-" + unit.number(), "10.0.0." + unit.number());
        deployments.deploy(new UnitDeployment(unit, 0, files.directories(unit), Optional.empty()));
        return unit;
    }

    RelationInfo relate() {
        return state.relations().add("juju-info", RelationScope.CONTAINER, List.of(
                new RelationEndpoint("wordpress", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "juju-info", RelationRole.CLIENT)));
    }

    /** Starts the deployer of machine 0, as an activation does. */
    void startDeployer() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "jujube-machine-0-subordinates-test"));
        running = new SubordinateReconciler(state.machine(0), deployments, new StepRunner(state.machine(0), deployments, files),
                ContainerScopeHandler::new, 0, executor);
        running.start();
    }

    /** Stops it as a deactivation or a crash would: no more passes, nothing retired. */
    void stopDeployer() throws InterruptedException {
        if (running != null) {
            running.close();
            executor.shutdownNow();
            executor.awaitTermination(10, TimeUnit.SECONDS);
            running = null;
        }
    }

    SubordinateReconciler deployer() {
        return running;
    }

    /** The subordinate units in the state, each with its principal. */
    Map<UnitName, UnitName> subordinatesInState() {
        Map<UnitName, UnitName> result = new java.util.TreeMap<>();
        for (UnitInfo u : units()) {
            u.container().ifPresent(p -> result.put(u.name(), p));
        }
        return result;
    }

    /** Every unit; a unit removed while its node is read fails the list (the state reads it in two steps): read again. */
    List<UnitInfo> units() {
        for (int attempt = 1;; attempt++) {
            try {
                return state.units().list();
            } catch (jujube.state.CorruptStateException e) {
                if (attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /** What a unit agent does once asked to retire: its stop hook and departures, then the marker. */
    void agentsRetire() throws Exception {
        for (var d : deployments.deployed().values()) {
            if (d.retiring()) {
                Files.createDirectories(d.deployment().dirs().stateDir());
                Files.writeString(d.deployment().dirs().retiredMarker(), "retired\n");
            }
        }
    }
}
