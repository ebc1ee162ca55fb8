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
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.PlacementPolicy;
import jujube.access.OneTimeCredential;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * The local provider as a service: {@link MachineProcesses} (of either kind) configured through ConfigAdmin,
 * with the environment's {@link EnvironmentDefinition} made from the configuration's fields.
 */
@Component(configurationPid = "jujube.provider.local", configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = MachineProvider.class, property = "provider=local")
@Designate(ocd = LocalProviderConfig.class)
public final class LocalMachineProvider implements MachineProvider {
    private final ScheduledExecutorService restarts;
    private final MachineProcesses machines;

    @Activate
    public LocalMachineProvider(LocalProviderConfig config) {
        Path envDir = Path.of(config.envDir());
        EnvironmentDefinition definition = definition(config);
        Path storage = config.charmStorageDir().isBlank() ? envDir.resolve("charms") : Path.of(config.charmStorageDir());
        LocalLayout layout = new LocalLayout(envDir, Path.of(config.distDir()), definition.connectString(), storage,
                config.sessionTimeoutMs(), definition.containers(),
                config.zookeeperCa().isBlank() ? Optional.empty() : Optional.of(Path.of(config.zookeeperCa())),
                definition.processAddress());
        StaleTemps.sweep(layout, Instant.now()); // file times: system clock
        this.restarts = Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-provider-local-restarts"));
        this.machines = new MachineProcesses(layout, restarts, definition.maxRestartDelay());
    }

    /**
     * The environment's definition from the fields the configuration carries; refused, as anywhere, when
     * one breaks a rule. Its name is the directory's, and its placement the default: neither concerns the
     * provider (units are placed by the state's environment settings).
     */
    static EnvironmentDefinition definition(LocalProviderConfig config) {
        Path dirName = Path.of(config.envDir()).toAbsolutePath().normalize().getFileName();
        Optional<ContainerSettings> containers = ContainerSettings.forMachines(config.machines(),
                config.containerBridge(), config.containerNetwork(), config.machineIds(), config.machineLimits(),
                config.machineRoot());
        return new EnvironmentDefinition(dirName == null ? config.envDir() : dirName.toString(), PlacementPolicy.LOCAL,
                config.zookeeperPort(), config.ensemble(), "", config.zookeeperAddress(), !config.zookeeperCa().isBlank(),
                containers, Duration.ofMillis(config.maxRestartDelayMs()));
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
