package jujube.cli.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import jujube.cli.CliException;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.StateConnections;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code jujube bootstrap}: creates a local environment: starts its controller (embedded
 * ZooKeeper), initializes the environment and starts the agent of machine 0. On an environment whose
 * controller is not running, restarts it from its saved state instead.
 */
@Command(name = "bootstrap", description = "Start a local environment: ZooKeeper, controller and machine 0;"
        + " or restart one whose controller is not running.")
public final class BootstrapCommand implements Callable<Integer> {
    @Mixin
    EnvironmentOption environment;

    @Option(names = "--placement", defaultValue = "local", description = "Unit placement: local (all on machine 0) or unassigned.")
    String placement;

    @Option(names = "--timeout", defaultValue = "90", description = "Seconds to wait for each process to come up.")
    int timeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!placement.equals("local") && !placement.equals("unassigned")) {
            throw new CliException("--placement must be 'local' or 'unassigned', got '" + placement + "'");
        }
        EnvironmentOption.checkWritable(EnvironmentOption.home());
        Path dir = environment.dir();
        String name = environment.name();
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        if (LocalEnvironment.exists(dir)) {
            LocalEnvironment env = LocalEnvironment.load(name, dir);
            if (AgentProcesses.find(env, "controller").isPresent()) {
                spec.commandLine().getErr().println("jujube: environment '" + name + "' already bootstrapped");
                return 0;
            }
            if (!AgentProcesses.recordedAndGone(env, "controller")) {
                // e.g. one serving an external ensemble, started by hand: whether it runs is not ours to know
                throw new CliException("environment '" + name + "' exists but bootstrap did not start its controller (no "
                        + env.pids().resolve("controller.pid") + "): start it with bin/jujube-agent controller");
            }
            return restart(env, timeout);
        }
        long t0 = System.nanoTime();
        LocalEnvironment env = new LocalEnvironment(name, dir, freePort(), placement);
        env.save();
        AgentProcesses processes = new AgentProcesses(env, Distribution.dir());

        ProcessHandle controller = processes.start("controller", controllerArguments(env));
        try (StateConnection state = StateConnections.open(env.connection())) {
            bringUp(state, env, processes, controller, timeout);
        } catch (RuntimeException e) {
            // leave no process behind; the directory stays for its logs
            processes.stopAll(Duration.ofSeconds(10));
            throw new CliException("bootstrap of '" + name + "' failed: " + e.getMessage()
                    + " ('jujube destroy-environment' removes what is left)", e);
        }
        var out = spec.commandLine().getOut();
        out.printf("Bootstrapped environment '%s' in %.1f s%n", name, (System.nanoTime() - t0) / 1e9);
        out.printf("  ZooKeeper: %s%n  logs:      %s%n", env.connectString(), env.logs());
        out.flush();
        return 0;
    }

    /**
     * Brings back an environment whose controller is gone (killed, or the host restarted): the controller
     * starts on the environment's saved data, and its provider starts every machine still wanted whose
     * process is gone; their unit agents resume from their own saved state. Nothing is initialized again.
     */
    private int restart(LocalEnvironment env, Duration timeout) {
        if (spec.commandLine().getParseResult().hasMatchedOption("--placement") && !placement.equals(env.placement())) {
            throw new CliException("environment '" + env.name() + "' exists with placement " + env.placement()
                    + ": --placement applies to a new environment");
        }
        long t0 = System.nanoTime();
        AgentProcesses processes = new AgentProcesses(env, Distribution.dir());
        ProcessHandle controller = processes.start("controller", controllerArguments(env));
        try (StateConnection state = StateConnections.open(env.connection())) {
            await("the controller's ZooKeeper", controller, env, timeout, () -> state.connectionState().isConnected());
            if (!state.isInitialized()) {
                throw new CliException("its ZooKeeper holds no environment (was " + env.dir().resolve("zookeeper")
                        + " removed?)");
            }
            if (state.machines().list().stream().anyMatch(m -> m.id() == 0)) {
                // its process first: the presence of one that was killed lasts until its session expires
                await("machine 0's agent", controller, env, timeout,
                        () -> AgentProcesses.find(env, "machine-0").isPresent()
                                && state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected()));
            }
        } catch (RuntimeException e) {
            // only the controller started here: machine agents that kept running stay as they were
            stop(controller);
            throw new CliException("restart of '" + env.name() + "' failed: " + e.getMessage(), e);
        }
        var out = spec.commandLine().getOut();
        out.printf("Restarted environment '%s' from its saved state in %.1f s (its controller was not running)%n",
                env.name(), (System.nanoTime() - t0) / 1e9);
        out.printf("  ZooKeeper: %s%n  logs:      %s%n", env.connectString(), env.logs());
        out.flush();
        return 0;
    }

    private static void stop(ProcessHandle process) {
        process.destroy();
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            process.destroyForcibly();
        }
    }

    private static List<String> controllerArguments(LocalEnvironment env) {
        return env.embedded()
                ? List.of("controller", "--env-dir", env.dir().toString(), "--zookeeper-port", Integer.toString(env.zookeeperPort()))
                : List.of("controller", "--env-dir", env.dir().toString(), "--zookeeper", env.connectString());
    }

    private static void bringUp(StateConnection state, LocalEnvironment env, AgentProcesses processes,
            ProcessHandle controller, Duration timeout) {
        {
            await("the controller's ZooKeeper", controller, env, timeout, () -> state.connectionState().isConnected());
            state.initialize(new EnvironmentSettings(env.name(), "local", env.placement(), "local-0"));
            ProcessHandle machine0 = processes.start("machine-0", List.of("machine", "--machine-id", "0",
                    "--zookeeper", env.connectString(), "--data-dir", env.machineDir(0).toString()));
            await("machine 0's agent", machine0, env, timeout,
                    () -> state.machines().list().stream().anyMatch(m -> m.id() == 0 && m.agentConnected()));
        }
    }

    private static void await(String what, ProcessHandle process, LocalEnvironment env, Duration timeout,
            BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                // not reachable yet: keep waiting until the deadline or the process's death
            }
            if (!process.isAlive()) {
                throw new CliException(what + " exited during bootstrap; see " + env.logs());
            }
            if (System.nanoTime() > deadline) {
                throw new CliException(what + " did not come up within " + timeout.toSeconds() + " s; see " + env.logs());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("interrupted while waiting for " + what);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new CliException("no free loopback port for ZooKeeper: " + e.getMessage(), e);
        }
    }
}
