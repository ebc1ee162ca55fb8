package jujube.state.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.state.MachineInfo;
import jujube.state.Machines;
import jujube.state.NoSuchMachineException;
import jujube.state.Presence;
import org.apache.curator.framework.CuratorFramework;

/** Machines as the topology lists them, with their agents' presence. */
final class CuratorMachines implements Machines {
    private final CuratorFramework client;
    private final NodeReader reader;

    CuratorMachines(CuratorFramework client, NodeReader reader) {
        this.client = client;
        this.reader = reader;
    }

    @Override
    public List<MachineInfo> list() {
        Map<String, Object> topology = reader.yamlMap(Paths.TOPOLOGY);
        Object machines = topology.getOrDefault("machines", Map.of());
        if (!(machines instanceof Map<?, ?> byKey)) {
            throw reader.corrupt(Paths.TOPOLOGY, "'machines' is not a map");
        }
        List<MachineInfo> result = new ArrayList<>();
        for (Object key : byKey.keySet()) {
            int id;
            try {
                id = Paths.machineId(String.valueOf(key));
            } catch (IllegalArgumentException e) {
                throw reader.corrupt(Paths.TOPOLOGY, "machine key '" + key + "' is not machine-NNNNNNNNNN");
            }
            Map<String, Object> node = reader.optionalYamlMap(Paths.machine(id));
            String instance = String.valueOf(node.getOrDefault("provider-machine-id", ""));
            boolean agent = reader.exists(Paths.machine(id) + "/agent");
            result.add(new MachineInfo(id, instance, agent));
        }
        result.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return result;
    }

    @Override
    public Presence connectAgent(int machineId) {
        String path = Paths.machine(machineId);
        if (!reader.exists(path)) {
            throw new NoSuchMachineException(machineId);
        }
        return new PresenceNode(client, path + "/agent", "{}".getBytes(StandardCharsets.UTF_8));
    }
}
