package jujube.cli.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.charm.YamlErrors;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.state.ConnectionConfig;

/**
 * A local environment on disk: {@code environment.yaml} (its name, ZooKeeper port, placement, and
 * optionally the chroot below which its state lives when it shares a ZooKeeper, or {@code zookeeper:
 * host:port,...}, an external ensemble that takes precedence over the port), {@code logs/},
 * {@code pids/}, {@code zookeeper/}, {@code machines/}, {@code charms/}.
 */
record LocalEnvironment(String name, Path dir, int zookeeperPort, String placement, String chroot, String zookeeper) {
    private static final Pattern SERVER = Pattern.compile("[^\\s,:/]+:(\\d{1,5})");

    LocalEnvironment(String name, Path dir, int zookeeperPort, String placement) {
        this(name, dir, zookeeperPort, placement, "", "");
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

    /** The external ensemble when {@code environment.yaml} names one, else the embedded server on loopback. */
    String connectString() {
        return embedded() ? "127.0.0.1:" + zookeeperPort : zookeeper;
    }

    /** Whether the environment's ZooKeeper is the one its controller process embeds. */
    boolean embedded() {
        return zookeeper.isEmpty();
    }

    /** The failure of a command that finds the environment but not its controller process. */
    CliException controllerNotRunning() {
        return new CliException("environment '" + name + "' exists but its controller is not running (logs in "
                + logs() + "); 'jujube bootstrap' restarts it, 'jujube destroy-environment' removes it");
    }

    /** Whether {@code connect} is a non-empty list of {@code host:port}, comma-separated, ports 1 to 65535. */
    static boolean validEnsemble(String connect) {
        if (connect.isEmpty()) {
            return false;
        }
        for (String server : connect.split(",", -1)) {
            Matcher m = SERVER.matcher(server);
            if (!m.matches() || Integer.parseInt(m.group(1)) < 1 || Integer.parseInt(m.group(1)) > 65535) {
                return false;
            }
        }
        return true;
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
            JsonNode ensemble = node == null ? null : node.get("zookeeper");
            String zookeeper = ensemble == null ? "" : ensemble.asText("");
            if (ensemble != null && (!ensemble.isTextual() || !validEnsemble(zookeeper))) {
                throw new CliException(file + ": 'zookeeper' must be host:port[,host:port...], got '" + ensemble + "'");
            }
            JsonNode port = node == null ? null : node.get("zookeeper-port");
            boolean portNeeded = ensemble == null || port != null;
            if (portNeeded && (port == null || !port.canConvertToInt() || port.asInt() < 1 || port.asInt() > 65535)) {
                throw new CliException(file + ": 'zookeeper-port' is missing or not a port number");
            }
            String placement = node.path("placement").asText("local");
            if (!placement.equals("local") && !placement.equals("unassigned")) {
                throw new CliException(file + ": 'placement' must be local or unassigned, got '" + placement + "'");
            }
            return new LocalEnvironment(name, dir, port == null ? 0 : port.asInt(), placement,
                    node.path("zookeeper-chroot").asText(""), zookeeper);
        } catch (JacksonException e) {
            throw new CliException(file + " is not valid YAML: " + YamlErrors.describe(e), e);
        } catch (IOException e) {
            throw new CliException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    void save() {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("name", name);
        content.put("provider", "local");
        if (!zookeeper.isEmpty()) {
            content.put("zookeeper", zookeeper);
        }
        if (zookeeperPort > 0) {
            content.put("zookeeper-port", zookeeperPort);
        }
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
