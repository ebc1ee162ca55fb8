package jujube.cli.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import jujube.cli.CliException;
import jujube.files.FileTrees;
import jujube.provider.local.ContainerHost;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.PlacementPolicy;
import jujube.provider.ssh.SshException;
import jujube.provider.ssh.SshTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jujube destroy-environment}: stops every process of the environment (its containers with them),
 * and its machines on other hosts (over SSH), removes its bridge and its data.
 */
@Command(name = "destroy-environment", description = "Stop every process of the environment and remove its data.")
public final class DestroyEnvironmentCommand implements Callable<Integer> {
    @Mixin
    EnvironmentOption environment;

    @Option(names = {"-y", "--yes"}, description = "Do not ask for confirmation.")
    boolean yes;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path dir = environment.dir();
        if (!Files.exists(dir)) {
            throw new CliException("environment '" + environment.name() + "' does not exist (no " + dir + ")");
        }
        if (!yes && !confirmed(dir)) {
            spec.commandLine().getErr().println("jujube: destroy-environment aborted");
            return 1;
        }
        LocalEnvironment env = LocalEnvironment.exists(dir) ? LocalEnvironment.load(environment.name(), dir)
                : new LocalEnvironment(environment.name(), dir,
                        EnvironmentDefinition.embedded(environment.name(), PlacementPolicy.LOCAL, 1, Optional.empty()));
        removeMachinesOnOtherHosts(env);
        int stopped = new AgentProcesses(env, Path.of(System.getProperty("jujube.dist", "."))).stopAll(Duration.ofSeconds(15));
        // the containers stopped with their processes, and their veths with them: what is left is the
        // host's, their disks' mounts (also of an environment whose file is gone) and the bridge
        ContainerHost.release(dir);
        if (env.containers().isPresent()) {
            ContainerHost.bridgeDown(env.containers().get().network());
        }
        FileTrees.delete(dir);
        spec.commandLine().getOut().printf("Destroyed environment '%s' (%d processes stopped)%n", env.name(), stopped);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * Stops and removes, over SSH, each machine the environment has on another host; one whose host cannot
     * be reached is named, and left there.
     */
    private void removeMachinesOnOtherHosts(LocalEnvironment env) {
        SshMachines remote = new SshMachines(env);
        for (Map.Entry<Integer, SshTarget> machine : remote.recorded().entrySet()) {
            try {
                remote.remove(machine.getKey(), machine.getValue());
            } catch (SshException e) {
                spec.commandLine().getErr().println("jujube: machine " + machine.getKey() + " left on its host: "
                        + e.getMessage());
            }
        }
    }

    private boolean confirmed(Path dir) throws IOException {
        var err = spec.commandLine().getErr();
        err.printf("WARNING: this destroys environment '%s': every machine and service, and all data in %s.%n"
                + "Continue [y/N]? ", environment.name(), dir);
        err.flush();
        String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        return answer != null && (answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"));
    }
}
