package jujube.cli.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import jujube.charm.CharmConfig;
import jujube.charm.ConfigValueException;
import jujube.charm.YamlErrors;
import jujube.cli.CliException;

/**
 * A {@code --config FILE} as juju reads it: a YAML map from service name to that service's options,
 * {@code {blog: {title: My blog}}}. Only the named service's section is used, checked against its charm.
 */
final class ServiceConfigFile {
    /**
     * The largest file read: a file may hold the options of several services, each of which the state
     * limits to what a node holds (1,000,000 bytes).
     */
    static final long MAX_BYTES = 4L << 20;

    private ServiceConfigFile() {}

    /** The typed options of {@code service} in {@code file}, all checked, or a failure naming the file. */
    static Map<String, Object> read(Path file, String service, CharmConfig config) {
        Object content;
        try {
            if (!Files.exists(file)) {
                throw new CliException("config file " + file + " does not exist");
            }
            if (!Files.isRegularFile(file)) {
                throw new CliException("config file " + file + " is not a regular file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new CliException("config file " + file + " is " + Files.size(file) + " bytes, larger than the "
                        + MAX_BYTES + " bytes a config file may be");
            }
            // a key given twice is a mistake to point at, not a value to drop silently
            content = new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .readValue(file.toFile(), Object.class);
        } catch (JacksonException e) {
            throw new CliException("config file " + file + " is not valid YAML: " + YamlErrors.describe(e), e);
        } catch (IOException e) {
            throw new CliException("config file " + file + " cannot be read: " + e.getMessage(), e);
        }
        if (!(content instanceof Map<?, ?> byService)) {
            throw new CliException("config file " + file + " must be a YAML map of service names to options");
        }
        Object section = byService.get(service);
        if (!(section instanceof Map<?, ?> options)) {
            throw new CliException("config file " + file + " has no options for service '" + service
                    + "' (expected {" + service + ": {option: value}})");
        }
        @SuppressWarnings("unchecked")
        Map<String, ?> values = (Map<String, ?>) options;
        try {
            return config.validate(values);
        } catch (ConfigValueException e) {
            throw new CliException("config file " + file + ": " + e.getMessage(), e);
        }
    }
}
