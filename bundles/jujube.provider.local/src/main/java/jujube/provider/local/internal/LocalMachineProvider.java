package jujube.provider.local.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.agent.provisioning.MachineProvider;
import jujube.lib.threads.ThreadFactories;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.MachineIds;
import jujube.provider.local.MachineLimits;
import jujube.provider.local.LocalLayout;
import jujube.access.OneTimeCredential;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/** The local provider as a service: {@link MachineProcesses} (of either kind) configured through ConfigAdmin. */
@Component(configurationPid = "jujube.provider.local", configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = MachineProvider.class, property = "provider=local")
@Designate(ocd = LocalProviderConfig.class)
public final class LocalMachineProvider implements MachineProvider {
    private final ScheduledExecutorService restarts;
    private final MachineProcesses machines;

    @Activate
    public LocalMachineProvider(LocalProviderConfig config) {
        Path envDir = Path.of(config.envDir());
        Path storage = config.charmStorageDir().isBlank() ? envDir.resolve("charms") : Path.of(config.charmStorageDir());
        LocalLayout layout = new LocalLayout(envDir, Path.of(config.distDir()), config.zookeeper(), storage,
                config.sessionTimeoutMs(), containers(config),
                config.zookeeperCa().isBlank() ? Optional.empty() : Optional.of(Path.of(config.zookeeperCa())),
                config.processAddress());
        StaleTemps.sweep(layout, Instant.now()); // file times: system clock
        this.restarts = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-provider-local-restarts"));
        this.machines = new MachineProcesses(layout, restarts, Duration.ofMillis(config.maxRestartDelayMs()));
    }

    private static Optional<ContainerSettings> containers(LocalProviderConfig config) {
        return switch (jujube.provider.local.MachineKind.of(config.machines())) {
            case PROCESS -> Optional.empty();
            case CONTAINER -> Optional.of(new ContainerSettings(
                    ContainerNetwork.of(config.containerBridge(), config.containerNetwork()),
                    MachineIds.parse(config.machineIds()), MachineLimits.parse(config.machineLimits()),
                    Path.of(config.machineRoot())));
        };
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        machines.close();
        restarts.shutdownNow();
        restarts.awaitTermination(10, TimeUnit.SECONDS);
    }

    @Override
    public String launch(int machineId, OneTimeCredential credential) {
        return machines.launch(machineId, credential);
    }

    @Override
    public void terminate(String instanceId) {
        machines.terminate(instanceId);
    }

    @Override
    public boolean isRunning(String instanceId) {
        return machines.isRunning(instanceId);
    }

    @Override
    public Set<String> instances() {
        return machines.instances();
    }
}
