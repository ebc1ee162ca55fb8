package jujube.cli.internal;

import java.nio.file.Path;
import java.util.Map;
import jujube.charm.CharmConfig;
import jujube.charm.ConfigValueException;
import jujube.cli.CliException;

/**
 * A {@code --config FILE} as juju reads it: a YAML map from service name to that service's options,
 * {@code {blog: {title: My blog}}}, read as {@link YamlInputFile} reads (bounded, UTF-8, strict YAML). Only
 * the named service's section is used, checked against its charm.
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
        Object content = new YamlInputFile(file, "config file " + file, MAX_BYTES, "a config file").value();
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
