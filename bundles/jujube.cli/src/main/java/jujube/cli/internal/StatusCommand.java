package jujube.cli.internal;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import jujube.cli.CliException;
import jujube.state.MachineInfo;
import jujube.state.NotConnectedException;
import jujube.state.StateConnection;
import jujube.state.StateConnections;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code jujube status}: machines and services with their agents' states. */
@Command(name = "status", description = "Show the environment's machines and services.")
public final class StatusCommand implements Callable<Integer> {
    @Mixin
    EnvironmentOption environment;

    @Option(names = "--format", defaultValue = "yaml", description = "Output format: ${COMPLETION-CANDIDATES}.")
    StatusFormat format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LocalEnvironment env = LocalEnvironment.load(environment.name(), environment.dir());
        try (StateConnection state = StateConnections.open(env.connection())) {
            try {
                state.awaitConnected(Duration.ofSeconds(10));
            } catch (NotConnectedException e) {
                throw new CliException("cannot reach environment '" + env.name() + "' at " + env.connectString()
                        + ": is its controller running? (logs in " + env.logs() + ")");
            }
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("machines", machines(state));
            status.put("services", Map.of());
            spec.commandLine().getOut().print(format.render(status));
            spec.commandLine().getOut().flush();
        }
        return 0;
    }

    private static Map<String, Object> machines(StateConnection state) {
        Map<String, Object> machines = new LinkedHashMap<>();
        for (MachineInfo m : state.machines().list()) {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("agent-state", m.agentConnected() ? "running" : m.instanceId().isEmpty() ? "not-started" : "down");
            info.put("instance-id", m.instanceId().isEmpty() ? "pending" : m.instanceId());
            machines.put(Integer.toString(m.id()), info);
        }
        return machines;
    }
}
