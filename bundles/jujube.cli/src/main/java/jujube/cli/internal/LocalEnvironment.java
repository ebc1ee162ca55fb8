package jujube.cli.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.cli.CliException;
import jujube.state.ConnectionConfig;

/**
 * A local environment on disk: {@code environment.yaml} (its name, ZooKeeper port, placement, and
 * optionally the chroot below which its state lives when it shares a ZooKeeper), {@code logs/},
 * {@code pids/}, {@code zookeeper/}, {@code machines/}, {@code charms/}.
 */
record LocalEnvironment(String name, Path dir, int zookeeperPort, String placement, String chroot) {
    LocalEnvironment(String name, Path dir, int zookeeperPort, String placement) {
        this(name, dir, zookeeperPort, placement, "");
    }

    /** The environment's charm storage. */
    Path charms() {
        return dir.resolve("charms");
    }

    static final String FILE = "environment.yaml";

    Path logs() {
        return dir.resolve("logs");
    }

    Path pids() {
        return dir.resolve("pids");
    }

    Path machineDir(int id) {
        return dir.resolve("machines").resolve("machine-" + id);
    }

    String connectString() {
        return "127.0.0.1:" + zookeeperPort;
    }

    ConnectionConfig connection() {
        ConnectionConfig defaults = ConnectionConfig.of(connectString());
        return new ConnectionConfig(defaults.connectString(), defaults.sessionTimeout(), defaults.connectionTimeout(), chroot);
    }

    static boolean exists(Path dir) {
        return Files.exists(dir.resolve(FILE));
    }

    /** Reads the environment, failing with a line that says what to do when it is not there. */
    static LocalEnvironment load(String name, Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            throw new CliException("environment '" + name + "' is not bootstrapped (no " + file + "): run 'jujube bootstrap'");
        }
        try {
            JsonNode node = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
            JsonNode port = node == null ? null : node.get("zookeeper-port");
            if (port == null || !port.canConvertToInt() || port.asInt() < 1 || port.asInt() > 65535) {
                throw new CliException(file + ": 'zookeeper-port' is missing or not a port number");
            }
            String placement = node.path("placement").asText("local");
            if (!placement.equals("local") && !placement.equals("unassigned")) {
                throw new CliException(file + ": 'placement' must be local or unassigned, got '" + placement + "'");
            }
            return new LocalEnvironment(name, dir, port.asInt(), placement, node.path("zookeeper-chroot").asText(""));
        } catch (IOException e) {
            throw new CliException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    void save() {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("name", name);
        content.put("provider", "local");
        content.put("zookeeper-port", zookeeperPort);
        content.put("placement", placement);
        if (!chroot.isEmpty()) {
            content.put("zookeeper-chroot", chroot);
        }
        try {
            AtomicFiles.write(dir.resolve(FILE), new ObjectMapper(new YAMLFactory()).writeValueAsBytes(content));
        } catch (IOException e) {
            throw new CliException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
