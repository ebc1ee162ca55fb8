package jujube.charm.internal;

import java.util.Map;
import java.util.stream.Stream;
import jujube.charm.CharmConfig;
import jujube.charm.CharmMetadata;
import jujube.charm.InvalidCharmException;
import jujube.charm.RelationEndpointSpec;

/**
 * The length limit of the names a charm brings (its own, its relations' and interfaces', its options'),
 * checked where a charm enters: its files. Names become file names (the stored archive, hooks named
 * {@code <relation>-relation-changed}), ZooKeeper paths and command-line words, and the service a charm
 * is deployed as takes its name by default. Charms already published are read from the state without
 * this check, so none becomes unreadable.
 */
public final class NameLengths {
    private NameLengths() {}

    /** Fails on the first name longer than {@code max}, naming the file and the key. */
    public static void check(String charm, CharmMetadata metadata, CharmConfig config, int max) {
        check(charm, MetadataParser.FILE, "name", metadata.name(), max);
        Stream.of(metadata.provides(), metadata.requires(), metadata.peers()).map(Map::values).flatMap(c -> c.stream())
                .forEach(endpoint -> endpoint(charm, endpoint, max));
        for (String option : config.options().keySet()) {
            check(charm, ConfigParser.FILE, "option", option, max);
        }
    }

    private static void endpoint(String charm, RelationEndpointSpec endpoint, int max) {
        String section = endpoint.role().section();
        check(charm, MetadataParser.FILE, section + " relation", endpoint.name(), max);
        check(charm, MetadataParser.FILE, section + " interface", endpoint.interfaceName(), max);
    }

    private static void check(String charm, String file, String what, String name, int max) {
        if (name.length() > max) {
            throw new InvalidCharmException(charm, file + ": " + what + " \"" + name.substring(0, max) + "...\" has "
                    + name.length() + " characters, more than the " + max + " a name may have");
        }
    }
}
