package jujube.itests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.state.ConnectionConfig;
import jujube.model.RelationInfo;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.data.Stat;

/**
 * Read-only look into an environment's ZooKeeper for what the CLI does not show: the relation settings
 * units committed, and which sessions own the agents' presence nodes.
 */
final class RelationEvidence implements AutoCloseable {
    private final StateConnection state;
    private final CuratorFramework zk;

    RelationEvidence(Environment env) throws Exception {
        String yaml = Files.readString(env.dir().resolve("environment.yaml"));
        Matcher port = Pattern.compile("zookeeper-port: *(\\d+)").matcher(yaml);
        if (!port.find()) {
            throw new IllegalStateException("no zookeeper-port in " + yaml);
        }
        String connect = "127.0.0.1:" + port.group(1);
        state = StateConnections.open(Administrator.connection(connect, env.dir()));
        state.awaitConnected(Duration.ofSeconds(30));
        zk = Administrator.raw(connect, Administrator.of(env.dir()));
    }

    /** The settings {@code unit} committed in the only relation of its service. */
    Map<String, Object> settings(String unit) {
        UnitName name = UnitName.parse(unit);
        List<RelationInfo> relations = state.relations().ofService(name.service());
        if (relations.size() != 1) {
            throw new IllegalStateException(unit + " has relations " + relations);
        }
        return state.relations().of(relations.get(0).id(), name).settings().values();
    }

    /** The session owning machine {@code machine}'s agent presence, 0 when there is none. */
    long machineSession(int machine) {
        try {
            Stat stat = zk.checkExists().forPath(String.format("/machines/machine-%010d/agent", machine));
            return stat == null ? 0 : stat.getEphemeralOwner();
        } catch (Exception e) {
            return 0;
        }
    }

    /** Whether no ephemeral node of the environment is owned by any of these (killed agents') sessions. */
    boolean noNodeOwnedBy(java.util.Set<Long> sessions) {
        try {
            return noneOwned("/", sessions);
        } catch (Exception e) {
            return false;
        }
    }

    private boolean noneOwned(String path, java.util.Set<Long> sessions) throws Exception {
        for (String child : zk.getChildren().forPath(path)) {
            String childPath = (path.equals("/") ? "" : path) + "/" + child;
            Stat stat = zk.checkExists().forPath(childPath);
            if (stat == null) {
                continue;
            }
            if (sessions.contains(stat.getEphemeralOwner())) {
                return false;
            }
            if (stat.getNumChildren() > 0 && !noneOwned(childPath, sessions)) {
                return false;
            }
        }
        return true;
    }

    static Path relationStateDir(Environment env, String unit) {
        return env.unitDir(unit).resolve("state/relations");
    }

    @Override
    public void close() {
        zk.close();
        state.close();
    }
}
