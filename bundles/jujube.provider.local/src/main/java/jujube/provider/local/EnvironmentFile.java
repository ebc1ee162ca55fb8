package jujube.provider.local;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.files.AtomicFiles;
import jujube.lib.codec.PlainMapCodec;
import jujube.lib.codec.PlainMapCodec.Form;
import jujube.files.SmallFiles;

/**
 * The one reader and writer of a local environment's {@code environment.yaml}: a YAML map of settings, each
 * a single value, read into an {@link EnvironmentDefinition} and written from one, atomically. The keys are
 * {@code name}, {@code provider} (always {@code local}), {@code zookeeper-port} or {@code zookeeper} (an
 * external ensemble), {@code placement}, {@code machines} ({@code process} or {@code container}, then
 * {@code container-bridge}, {@code container-network}, {@code machine-ids}, {@code machine-root},
 * {@code machine-processes}, {@code machine-memory}, {@code machine-disk}), {@code zookeeper-chroot},
 * {@code zookeeper-address}, {@code zookeeper-tls}, {@code max-restart-delay} (in ms) and {@code dashboard-port}; a setting left out,
 * or given without a value, takes its default, except {@code zookeeper}, which given must be valid. A key
 * it does not know is refused, naming the known ones: a misspelt setting would otherwise silently take its
 * default.
 *
 * <p>Uses Jackson's streaming YAML parser and generator only: the command line reads this file on every
 * command, and databind's start-up would cost it tens of milliseconds.
 *
 * @since 3.1
 */
public final class EnvironmentFile {
    /** The file's name in the environment's directory. */
    public static final String NAME = "environment.yaml";
    /** The largest file read: a few hundred bytes are written, so anything larger is not one. */
    public static final int MAX_BYTES = 64 * 1024;

    private static final PlainMapCodec CODEC = new PlainMapCodec();
    /** Every setting the file may hold, in the order the operator reads them. */
    private static final java.util.List<String> KEYS = java.util.List.of("name", "provider", "zookeeper-port", "zookeeper",
            "zookeeper-chroot", "zookeeper-address", "zookeeper-tls", "placement", "machines", "container-bridge",
            "container-network", "machine-ids", "machine-root", "machine-processes", "machine-memory", "machine-disk",
            "max-restart-delay", "dashboard-port");
    private final Path file;

    /** The {@code environment.yaml} of the environment in {@code envDir}. */
    public EnvironmentFile(Path envDir) {
        this.file = envDir.resolve(NAME);
    }

    /** The file itself. */
    public Path path() {
        return file;
    }

    /**
     * The definition the file holds; its {@code name} is the directory's when the file gives none.
     *
     * @throws InvalidEnvironmentException when it is not a map of settings or a setting is invalid,
     *     naming the file and the key
     * @throws com.fasterxml.jackson.core.JacksonException when it is not YAML
     * @throws jujube.files.CorruptFileException when it is larger than {@link #MAX_BYTES} or not a regular file
     * @throws java.nio.file.NoSuchFileException when it does not exist
     * @throws IOException when it cannot be read
     */
    public EnvironmentDefinition read() throws IOException {
        Map<String, Object> fields = fields(SmallFiles.read(file, MAX_BYTES));
        for (String given : fields.keySet()) {
            if (!KEYS.contains(given)) {
                // a misspelt setting would otherwise take its default without a word
                String shown = given.length() <= 64 ? given : given.substring(0, 64) + "...";
                throw new InvalidEnvironmentException(file, "'" + shown.replaceAll("\\p{Cntrl}", "?")
                        + "' is not a setting (known: " + String.join(", ", KEYS) + ")");
            }
        }
        String key = "name";
        try {
            Path dirName = file.toAbsolutePath().getParent().getFileName();
            String name = text(fields, key, dirName == null ? "" : dirName.toString());
            key = "zookeeper";
            Object ensemble = fields.get(key);
            if (fields.containsKey(key) && !(ensemble instanceof String)) {
                // given without a value is a mistake, not "no ensemble"
                throw new IllegalArgumentException(EnvironmentDefinition.ensembleRefused(ensemble));
            }
            key = "zookeeper-port";
            Object port = fields.getOrDefault(key, 0);
            if (!(port instanceof Integer)) {
                throw new IllegalArgumentException(EnvironmentDefinition.portRefused(port));
            }
            key = "placement";
            PlacementPolicy placement = PlacementPolicy.of(text(fields, key, PlacementPolicy.LOCAL.key()));
            key = "machines";
            Optional<ContainerSettings> containers = switch (MachineKind.of(text(fields, key, MachineKind.PROCESS.key()))) {
                case PROCESS -> Optional.empty();
                case CONTAINER -> Optional.of(containerSettings(fields));
            };
            key = "zookeeper-tls";
            Object tls = fields.getOrDefault(key, false);
            if (!(tls instanceof Boolean)) {
                throw new IllegalArgumentException("must be true or false, got '" + tls + "'");
            }
            key = "max-restart-delay";
            Object delay = fields.getOrDefault(key, (int) EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY.toMillis());
            if (!(delay instanceof Integer ms)) {
                throw new IllegalArgumentException(EnvironmentDefinition.restartDelayRefused(delay));
            }
            key = "dashboard-port";
            Object dashboard = fields.getOrDefault(key, 0);
            if (!(dashboard instanceof Integer dashboardPort)) {
                throw new IllegalArgumentException("must be a port number, got '" + dashboard + "'");
            }
            return new EnvironmentDefinition(name, placement, (Integer) port, (String) ensemble,
                    text(fields, "zookeeper-chroot", ""), text(fields, "zookeeper-address", ""), (Boolean) tls,
                    containers, Duration.ofMillis(ms), dashboardPort);
        } catch (IllegalArgumentException e) {
            // the definition's messages, and those made here, name the key; the settings' parsers' do not
            String message = e.getMessage();
            throw new InvalidEnvironmentException(file, message.startsWith("'") ? message : "'" + key + "' " + message);
        }
    }

    /** The container machines' settings; each bad one named. */
    private static ContainerSettings containerSettings(Map<String, Object> fields) {
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
            throw new IllegalArgumentException("'" + key + "': " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code definition} in place of the file, atomically: a reader sees the old file or the new,
     * whole. A setting at its default is left out, so that the file says what was chosen.
     */
    public void write(EnvironmentDefinition definition) throws IOException {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("name", definition.name());
        content.put("provider", "local");
        if (!definition.embedded()) {
            content.put("zookeeper", definition.zookeeper());
        }
        if (definition.zookeeperPort() > 0) {
            content.put("zookeeper-port", definition.zookeeperPort());
        }
        content.put("placement", definition.placement().key());
        content.put("machines", definition.machineKind().key());
        definition.containers().ifPresent(c -> {
            content.put("container-bridge", c.network().bridge());
            content.put("container-network", c.network().cidr());
            content.put("machine-ids", c.ids().toString());
            content.put("machine-root", c.baseRoot().toString());
            content.put("machine-processes", c.limits().processes());
            content.put("machine-memory", MachineLimits.size(c.limits().memoryBytes()));
            content.put("machine-disk", MachineLimits.size(c.limits().diskBytes()));
        });
        if (!definition.chroot().isEmpty()) {
            content.put("zookeeper-chroot", definition.chroot());
        }
        if (!definition.zookeeperAddress().isEmpty()) {
            content.put("zookeeper-address", definition.zookeeperAddress());
        }
        if (definition.tls()) {
            content.put("zookeeper-tls", true);
        }
        if (!definition.maxRestartDelay().equals(EnvironmentDefinition.DEFAULT_MAX_RESTART_DELAY)) {
            content.put("max-restart-delay", (int) definition.maxRestartDelay().toMillis());
        }
        if (definition.dashboardPort() > 0) {
            content.put("dashboard-port", definition.dashboardPort());
        }
        AtomicFiles.write(file, CODEC.write(content, Form.YAML));
    }

    /** The file's top-level settings; empty for an empty file. */
    private Map<String, Object> fields(byte[] document) throws IOException {
        Object value = CODEC.read(document, Form.YAML);
        if (value == null) {
            return new LinkedHashMap<>();
        }
        if (!(value instanceof Map<?, ?>)) {
            throw new InvalidEnvironmentException(file, "must be a map of settings (name, zookeeper-port, placement, ...)");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        // a map or list where a setting's single value belongs is shown as its shape, never whole
        ((Map<?, ?>) value).forEach((key, setting) -> fields.put(key.toString(),
                setting instanceof Map<?, ?> ? new Nested("{...}") : setting instanceof List<?> ? new Nested("[...]") : setting));
        return fields;
    }

    /** A setting as text; {@code otherwise} when it is absent or given without a value. */
    private static String text(Map<String, Object> fields, String key, String otherwise) {
        Object value = fields.get(key);
        if (value instanceof Nested nested) {
            throw new IllegalArgumentException("'" + key + "' must be a single value, got " + nested);
        }
        return value == null ? otherwise : value.toString();
    }

    /** A map or list where a setting's single value belongs, shown as its shape. */
    private record Nested(String shape) {
        @Override
        public String toString() {
            return shape;
        }
    }
}
