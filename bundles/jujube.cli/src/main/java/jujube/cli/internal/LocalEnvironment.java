package jujube.cli.internal;

import com.fasterxml.jackson.core.JacksonException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.charm.YamlErrors;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.MachineIds;
import jujube.provider.local.MachineLimits;
import jujube.provider.local.PidFiles;
import jujube.tls.EnvironmentTls;
import jujube.tls.WirePolicy;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.lib.codec.PlainMapCodec;
import jujube.lib.codec.PlainMapCodec.Form;

/**
 * A local environment on disk: {@code environment.yaml} (its name, ZooKeeper port, placement, what its
 * machines are ({@code machines: process}, or {@code container} with the {@code container-bridge} and
 * {@code container-network} they live on), and optionally the chroot below which its state lives when
 * it shares a ZooKeeper, or {@code zookeeper: host:port,...}, an external ensemble that takes
 * precedence over the port; {@code zookeeper-address}, where the embedded ZooKeeper listens when it
 * serves other hosts, and {@code zookeeper-tls: true}, which that requires; {@code max-restart-delay}, the
 * longest wait in ms before the controller starts again a machine whose agent keeps dying young), {@code logs/}, {@code pids/},
 * {@code zookeeper/}, {@code machines/}, {@code containers/}, {@code charms/}, {@code tls/} (its
 * certificates, with TLS), {@code ssh/} (the hosts of its machines on other hosts and their keys).
 *
 * @param containers what the machines are when they are containers, else empty
 * @param address where the embedded ZooKeeper listens, empty for its default (loopback, or the bridge)
 * @param tls whether ZooKeeper serves TLS only, with the certificates in {@code tls/}
 * @param maxRestartDelayMs the longest wait before a machine whose agent keeps dying young is started again
 */
record LocalEnvironment(String name, Path dir, int zookeeperPort, String placement, String chroot, String zookeeper,
        Optional<ContainerSettings> containers, String address, boolean tls, int maxRestartDelayMs) {
    private static final Pattern SERVER = Pattern.compile("[^\\s,:/]+:(\\d{1,5})");
    /** The controller's own default, which {@code environment.yaml} then leaves out. */
    static final int DEFAULT_MAX_RESTART_DELAY_MS = 30_000;
    /** Shorter waits would let a machine that cannot start spin. */
    static final int MIN_MAX_RESTART_DELAY_MS = 250;

    LocalEnvironment(String name, Path dir, int zookeeperPort, String placement, Optional<ContainerSettings> containers) {
        this(name, dir, zookeeperPort, placement, "", "", containers, "", false, DEFAULT_MAX_RESTART_DELAY_MS);
    }

    /** This environment with another longest restart delay. */
    LocalEnvironment withMaxRestartDelay(int ms) {
        return new LocalEnvironment(name, dir, zookeeperPort, placement, chroot, zookeeper, containers, address, tls, ms);
    }

    /** What the machines are: {@code process} or {@code container}. */
    String machines() {
        return containers.isPresent() ? "container" : "process";
    }

    /**
     * The address the embedded ZooKeeper listens on: the one configured, else the bridge's for containers,
     * else loopback.
     */
    String zookeeperAddress() {
        return !address.isEmpty() ? address : containers.map(c -> c.network().hostAddress()).orElse("127.0.0.1");
    }

    /**
     * Whether other hosts can reach the environment's ZooKeeper, which may then serve only TLS
     * ({@link WirePolicy}): machines on other hosts need it, and their charms travel in the state.
     */
    boolean servesOtherHosts() {
        return embedded() && WirePolicy.requiresTls(zookeeperAddress(), containers.map(c -> c.network().hostAddress()));
    }

    /** The environment's certificates. */
    EnvironmentTls certificates() {
        return new EnvironmentTls(dir.resolve("tls"));
    }

    /** Where the hosts of machines on other hosts and their keys are recorded. */
    Path sshDir() {
        return dir.resolve("ssh");
    }

    /** The environment's charm storage. */
    Path charms() {
        return dir.resolve("charms");
    }

    static final String FILE = "environment.yaml";

    Path logs() {
        return LocalLayout.logs(dir);
    }

    /** The pid files of the environment's processes: the controller, the machines, their supervisors. */
    PidFiles pidFiles() {
        return new PidFiles(dir);
    }

    /** The environment's secrets, owner-only: the administrator's credentials. */
    Path secrets() {
        return dir.resolve("secrets");
    }

    /** The credentials the command line and the controller authenticate with ({@link CredentialFiles}). */
    Path adminCredentials() {
        return secrets().resolve("admin.yaml");
    }

    /** Machine {@code id}'s own directory: in the environment's, or on a container machine's disk. */
    Path machineDir(int id) {
        return LocalLayout.machineDir(dir, id, containers.isPresent());
    }

    /** The external ensemble when {@code environment.yaml} names one, else the embedded server on loopback. */
    String connectString() {
        return embedded() ? zookeeperAddress() + ":" + zookeeperPort : zookeeper;
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

    /** How the command line connects: as the environment's administrator. */
    ConnectionConfig connection() {
        ConnectionConfig defaults = ConnectionConfig.of(connectString());
        List<Credential> admin;
        try {
            admin = CredentialFiles.read(adminCredentials());
        } catch (NoSuchFileException e) {
            throw new CliException("environment '" + name + "' has no administrator credentials (" + adminCredentials()
                    + " is missing): 'jujube bootstrap' makes them for an environment it starts or restarts");
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(name, dir);
        } catch (IOException e) {
            throw new CliException("cannot use the administrator credentials: " + e.getMessage(), e);
        }
        ConnectionConfig config = new ConnectionConfig(defaults.connectString(), defaults.sessionTimeout(),
                defaults.connectionTimeout(), chroot, admin);
        return tls ? config.withTls(certificates().caCertificate()) : config;
    }

    /**
     * Makes the environment's directory owner-only, and the administrator's credentials unless they exist:
     * a new environment's, or one made before environments had them.
     *
     * @return whether the credentials were made now
     */
    boolean secure() {
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            Files.createDirectories(secrets());
            Files.setPosixFilePermissions(secrets(), PosixFilePermissions.fromString("rwx------"));
            if (Files.exists(adminCredentials())) {
                return false;
            }
            CredentialFiles.write(adminCredentials(), List.of(Credential.generate(Credential.ADMIN)));
            return true;
        } catch (IOException e) {
            throw new CliException("cannot make the administrator credentials of '" + name + "': " + e.getMessage(), e);
        }
    }

    /** This user may not read the environment: it is its owner's alone (docs/security.md). */
    static CliException notAuthorized(String name, Path dir) {
        return new CliException("not authorized to use environment '" + name + "': " + dir + " is its owner's alone"
                + " (permission denied); run jujube as that user");
    }

    /**
     * Whether an environment is bootstrapped in {@code dir}.
     *
     * @throws CliException when this user may not look: the environment is another user's
     */
    static boolean exists(Path dir) {
        try {
            Files.readAttributes(dir.resolve(FILE), java.nio.file.attribute.BasicFileAttributes.class);
            return true;
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(dir.getFileName().toString(), dir);
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads the environment, failing with a line that says what to do when it is not there. */
    static LocalEnvironment load(String name, Path dir) {
        Path file = dir.resolve(FILE);
        try {
            Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(name, dir);
        } catch (IOException e) {
            throw new CliException("environment '" + name + "' is not bootstrapped (no " + file + "): run 'jujube bootstrap'");
        }
        if (!Files.isReadable(file)) {
            throw notAuthorized(name, dir);
        }
        Map<String, Object> fields = fields(file);
        // a key given without a value counts as given: "zookeeper:" alone is a mistake, not "no ensemble"
        boolean hasEnsemble = fields.containsKey("zookeeper");
        Object ensemble = fields.get("zookeeper");
        String zookeeper = ensemble instanceof String text ? text : "";
        if (hasEnsemble && (!(ensemble instanceof String) || !validEnsemble(zookeeper))) {
            throw new CliException(file + ": 'zookeeper' must be host:port[,host:port...], got '" + ensemble + "'");
        }
        boolean hasPort = fields.containsKey("zookeeper-port");
        int port = fields.get("zookeeper-port") instanceof Integer number ? number : -1;
        if ((!hasEnsemble || hasPort) && (port < 1 || port > 65535)) {
            throw new CliException(file + ": 'zookeeper-port' is missing or not a port number");
        }
        String placement = text(fields, "placement", "local");
        if (!placement.equals("local") && !placement.equals("unassigned")) {
            throw new CliException(file + ": 'placement' must be local or unassigned, got '" + placement + "'");
        }
        String machines = text(fields, "machines", "process");
        Optional<ContainerSettings> containers = Optional.empty();
        if (machines.equals("container")) {
            containers = Optional.of(containerSettings(file, fields));
        } else if (!machines.equals("process")) {
            throw new CliException(file + ": 'machines' must be process or container, got '" + machines + "'");
        }
        String address = text(fields, "zookeeper-address", "");
        Object tls = fields.getOrDefault("zookeeper-tls", false);
        if (!(tls instanceof Boolean)) {
            throw new CliException(file + ": 'zookeeper-tls' must be true or false, got '" + tls + "'");
        }
        Object restartDelay = fields.getOrDefault("max-restart-delay", DEFAULT_MAX_RESTART_DELAY_MS);
        if (!(restartDelay instanceof Integer ms) || ms < MIN_MAX_RESTART_DELAY_MS) {
            throw new CliException(file + ": 'max-restart-delay' must be a number of ms, at least "
                    + MIN_MAX_RESTART_DELAY_MS + ", got '" + restartDelay + "'");
        }
        LocalEnvironment env = new LocalEnvironment(name, dir, hasPort ? port : 0, placement,
                text(fields, "zookeeper-chroot", ""), zookeeper, containers, address, (Boolean) tls, ms);
        try {
            if (env.servesOtherHosts() && !env.tls()) {
                throw new CliException(file + ": 'zookeeper-address' " + address + " is reachable from other hosts:"
                        + " ZooKeeper must then serve TLS ('zookeeper-tls: true', with certificates that bootstrap --tls makes)");
            }
        } catch (IllegalArgumentException e) {
            throw new CliException(file + ": 'zookeeper-address': " + e.getMessage());
        }
        return env;
    }

    /** The container machines' settings of {@code environment.yaml}; each bad one named in one line. */
    private static ContainerSettings containerSettings(Path file, Map<String, Object> fields) {
        String key = "container-network";
        try {
            ContainerNetwork network = ContainerNetwork.of(text(fields, "container-bridge", ""), text(fields, key, ""));
            key = "machine-ids";
            MachineIds ids = MachineIds.parse(text(fields, key, ""));
            key = "machine-processes";
            MachineLimits limits = MachineLimits.DEFAULT;
            Object processes = fields.get(key);
            if (processes != null) {
                if (!(processes instanceof Integer n)) {
                    throw new IllegalArgumentException("must be a number, got '" + processes + "'");
                }
                limits = limits.withProcesses(n);
            }
            key = "machine-memory";
            if (fields.get(key) != null) {
                limits = limits.withMemory(MachineLimits.parseSize(text(fields, key, "")));
            }
            key = "machine-disk";
            if (fields.get(key) != null) {
                limits = limits.withDisk(MachineLimits.parseSize(text(fields, key, "")));
            }
            key = "machine-root";
            String root = text(fields, key, "");
            if (!root.startsWith("/")) {
                throw new IllegalArgumentException("must be an absolute path, got '" + root + "'");
            }
            return new ContainerSettings(network, ids, limits, Path.of(root));
        } catch (IllegalArgumentException e) {
            throw new CliException(file + ": '" + key + "': " + e.getMessage());
        }
    }

    /** A setting as text; {@code otherwise} when it is absent or given without a value. */
    private static String text(Map<String, Object> fields, String key, String otherwise) {
        Object value = fields.get(key);
        return value == null ? otherwise : value.toString();
    }

    /** The file's top-level settings, each a scalar, a map or a list. */
    private static Map<String, Object> fields(Path file) {
        try {
            Object content = new PlainMapCodec().read(Files.readAllBytes(file), Form.YAML);
            if (content == null) {
                return new LinkedHashMap<>();
            }
            if (!(content instanceof Map)) {
                throw new CliException(file + " must be a map of settings (name, zookeeper-port, placement, ...)");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = (Map<String, Object>) content;
            return fields;
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
        content.put("machines", machines());
        containers.ifPresent(c -> {
            content.put("container-bridge", c.network().bridge());
            content.put("container-network", c.network().cidr());
            content.put("machine-ids", c.ids().toString());
            content.put("machine-root", c.baseRoot().toString());
            content.put("machine-processes", c.limits().processes());
            content.put("machine-memory", MachineLimits.size(c.limits().memoryBytes()));
            content.put("machine-disk", MachineLimits.size(c.limits().diskBytes()));
        });
        if (!chroot.isEmpty()) {
            content.put("zookeeper-chroot", chroot);
        }
        if (!address.isEmpty()) {
            content.put("zookeeper-address", address);
        }
        if (tls) {
            content.put("zookeeper-tls", true);
        }
        if (maxRestartDelayMs != DEFAULT_MAX_RESTART_DELAY_MS) {
            content.put("max-restart-delay", maxRestartDelayMs);
        }
        try {
            AtomicFiles.write(dir.resolve(FILE), new PlainMapCodec().write(content, Form.YAML));
        } catch (IOException e) {
            throw new CliException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
