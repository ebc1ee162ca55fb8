package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.charm.CharmArchives;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.StoredCharm;
import jujube.model.CharmRecord;
import jujube.state.StateConnection;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real ZooKeeper (one per class, a fresh chroot per test), an environment with a published charm
 * in a real charm storage, and a machine data directory: what a machine agent runs against.
 */
abstract class MachineFixture {
    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    @TempDir
    Path tmp;
    Path storageDir;
    Path dataDir;
    ZooKeeperEnvironment env;
    StateConnection state;
    CharmRecord charm;
    final java.util.Map<UnitDeployer, ScheduledExecutorService> executors = new java.util.concurrent.ConcurrentHashMap<>();

    @BeforeEach
    void environment() throws IOException {
        storageDir = tmp.resolve("charms");
        dataDir = tmp.resolve("machines/machine-0");
        env = ZK.newEnvironment("env");
        state = env.state();
        charm = publish("wordpress", 3);
        state.services().add("wordpress", charm.id());
    }

    @AfterEach
    void closeAll() throws Exception {
        for (UnitDeployer d : List.copyOf(executors.keySet())) {
            stop(d);
        }
        env.close();
    }

    CharmRecord publish(String name, int revision) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("repo/" + name));
        Files.writeString(dir.resolve("metadata.yaml"), "name: " + name + "\nsummary: s\ndescription: d\n");
        Files.writeString(dir.resolve("revision"), revision + "\n");
        Files.createDirectories(dir.resolve("hooks"));
        Files.writeString(dir.resolve("hooks/install"), "#!/bin/sh\necho installed\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(dir.resolve("hooks/install"), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path archive = CharmArchives.build(dir, tmp.resolve(name + ".charm")).path();
        CharmUrl url = CharmUrl.local("precise", name, revision);
        StoredCharm stored = new CharmStorage(storageDir).put(url, archive);
        return state.charms().publish(new CharmRecord(url.toString(), storageDir.resolve(stored.key()).toUri().toString(),
                stored.sha256().hex(), java.util.Map.of("name", name), java.util.Map.of()));
    }

    /** A deployer of machine 0 as the agent makes it, on its own executor. */
    UnitDeployer deployer(RecordingDeployments deployments) {
        return deployer(deployments, 0, dataDir);
    }

    /** A deployer of machine {@code machineId}, whose directory is {@code machineDir}. */
    UnitDeployer deployer(RecordingDeployments deployments, int machineId, Path machineDir) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                r -> new Thread(r, "jujube-machine-" + machineId + "-test"));
        UnitDeployer d = new UnitDeployer(state.machine(machineId), deployments, new CharmInstaller(new CharmStorage(storageDir), state.machine(machineId)),
                new MachineAddresses("localhost", "127.0.0.1"), machineId, machineDir, executor);
        executors.put(d, executor);
        d.start();
        return d;
    }

    /** Stops a deployer as a deactivation or a crash would: no more passes. */
    void stop(UnitDeployer d) throws InterruptedException {
        d.close();
        ScheduledExecutorService e = executors.remove(d);
        e.shutdownNow();
        e.awaitTermination(10, TimeUnit.SECONDS);
    }
}
