package jujube.charm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Pattern;
import jujube.charm.internal.ActionsParser;
import jujube.charm.internal.ConfigParser;
import jujube.charm.internal.MetadataParser;
import jujube.charm.internal.NameLengths;

/**
 * Reads and validates charms from directories and archives, and their files from text or maps (as the
 * state keeps them). Every problem is an {@link InvalidCharmException} naming the charm, the file and
 * what is wrong; malformed input of any shape never escapes as another exception. Instances are
 * thread-safe.
 */
public final class CharmReader {
    /** Charm description files larger than this are refused rather than read into memory. */
    public static final int MAX_FILE_SIZE = 1 << 20;
    /**
     * The longest name a charm may give itself, a relation, an interface or an option, checked when a
     * charm is read from its files.
     *
     * @since 1.2
     */
    public static final int MAX_NAME_LENGTH = 64;
    private static final Pattern REVISION = Pattern.compile("\\d{1,9}");

    private final ObjectMapper yaml;
    private final MetadataParser metadataParser = new MetadataParser();
    private final ConfigParser configParser = new ConfigParser();
    private final ActionsParser actionsParser = new ActionsParser();

    public CharmReader() {
        this.yaml = new ObjectMapper(new YAMLFactory());
        // a key given twice is a mistake in the charm, not something to resolve silently
        this.yaml.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    /** Reads the charm at {@code path}: a charm directory or a charm archive file. */
    public Charm read(Path path) {
        if (Files.isDirectory(path)) {
            return read(new CharmDirectory(path), name -> fromDirectory(path, name));
        }
        if (Files.isRegularFile(path)) {
            return new ArchiveFiles(path).read(this);
        }
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new CharmNotFoundException("no charm at " + path);
        }
        throw new InvalidCharmException(path.toString(), "is neither a charm directory nor a charm archive");
    }

    /**
     * Builds the charm from its files, given a way to fetch a top-level file's bytes (empty when absent).
     * The metadata is {@code metadata.yaml}'s, else that of a {@code charmcraft.yaml} naming the charm;
     * the options {@code config.yaml}'s, else those under {@code charmcraft.yaml}'s {@code config}.
     */
    Charm read(CharmSource source, Function<String, Optional<byte[]>> files) {
        String charm = source.path().toString();
        Optional<JsonNode> charmcraft = files.apply(MetadataParser.CHARMCRAFT_FILE)
                .map(bytes -> tree(charm, MetadataParser.CHARMCRAFT_FILE, text(charm, MetadataParser.CHARMCRAFT_FILE, bytes)));
        Optional<byte[]> metadataFile = files.apply(MetadataParser.FILE);
        MetadataParser.FromFile read;
        if (metadataFile.isPresent()) {
            read = metadataParser.parseFile(charm, MetadataParser.FILE,
                    tree(charm, MetadataParser.FILE, text(charm, MetadataParser.FILE, metadataFile.get())));
        } else if (charmcraft.filter(tree -> tree.has("name")).isPresent()) {
            read = metadataParser.parseFile(charm, MetadataParser.CHARMCRAFT_FILE, charmcraft.get());
        } else {
            throw new InvalidCharmException(charm, "metadata.yaml is missing and no charmcraft.yaml names the charm"
                    + " (is this a charm?)");
        }
        CharmMetadata metadata = read.metadata();
        Optional<byte[]> configFile = files.apply(ConfigParser.FILE);
        CharmConfig config;
        if (configFile.isPresent()) {
            config = parseConfig(charm, text(charm, ConfigParser.FILE, configFile.get()));
        } else {
            config = charmcraft.map(tree -> tree.get("config")).filter(node -> !node.isNull())
                    .map(node -> configParser.parse(charm, MetadataParser.CHARMCRAFT_FILE + " config", node))
                    .orElse(CharmConfig.empty());
        }
        Optional<byte[]> revisionFile = files.apply("revision");
        OptionalInt revision = revisionFile.isPresent()
                ? OptionalInt.of(parseRevision(charm, text(charm, "revision", revisionFile.get())))
                : metadata.legacyRevision();
        NameLengths.check(charm, metadata, config, MAX_NAME_LENGTH);
        Optional<byte[]> actionsFile = files.apply(ActionsParser.FILE);
        CharmActions actions;
        if (actionsFile.isPresent()) {
            actions = actionsParser.parse(charm, ActionsParser.FILE,
                    tree(charm, ActionsParser.FILE, text(charm, ActionsParser.FILE, actionsFile.get())), MAX_NAME_LENGTH);
        } else {
            actions = charmcraft.map(tree -> tree.get("actions")).filter(node -> !node.isNull())
                    .map(node -> actionsParser.parse(charm, MetadataParser.CHARMCRAFT_FILE + " actions", node, MAX_NAME_LENGTH))
                    .orElse(CharmActions.empty());
        }
        return new Charm(metadata, config, revision, source, read.ignored(), actions);
    }

    private Optional<byte[]> fromDirectory(Path directory, String name) {
        Path file = directory.resolve(name);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            if (!Files.isRegularFile(file)) {
                throw new InvalidCharmException(directory.toString(), name + " is not a regular file");
            }
            if (Files.size(file) > MAX_FILE_SIZE) {
                throw new InvalidCharmException(directory.toString(), name + " is larger than " + MAX_FILE_SIZE + " bytes");
            }
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new InvalidCharmException(directory.toString(), name + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Parses {@code metadata.yaml} text; {@code charm} names the charm in errors. */
    public CharmMetadata parseMetadata(String charm, String text) {
        return metadataParser.parse(charm, tree(charm, MetadataParser.FILE, text));
    }

    /** Parses metadata kept as a map (for instance {@link CharmMetadata#toMap()} stored as JSON). */
    public CharmMetadata parseMetadata(String charm, Map<String, ?> content) {
        return metadataParser.parse(charm, tree(charm, MetadataParser.FILE, content));
    }

    /** Parses {@code config.yaml} text; an empty document means no options. */
    public CharmConfig parseConfig(String charm, String text) {
        return configParser.parse(charm, tree(charm, ConfigParser.FILE, text));
    }

    /** Parses config kept as a map (for instance {@link CharmConfig#toMap()} stored as JSON). */
    public CharmConfig parseConfig(String charm, Map<String, ?> content) {
        return configParser.parse(charm, tree(charm, ConfigParser.FILE, content));
    }

    /**
     * Parses actions kept as a map (for instance {@link CharmActions#toMap()} stored as JSON).
     *
     * @since 3.1
     */
    public CharmActions parseActions(String charm, Map<String, ?> content) {
        return actionsParser.parse(charm, ActionsParser.FILE, tree(charm, ActionsParser.FILE, content), MAX_NAME_LENGTH);
    }

    /** Parses a {@code revision} file: a non-negative integer, blanks around it ignored. */
    public int parseRevision(String charm, String text) {
        String trimmed = text.strip();
        if (!REVISION.matcher(trimmed).matches()) {
            String shown = trimmed.length() > 40 ? trimmed.substring(0, 40) + "..." : trimmed;
            throw new InvalidCharmException(charm, "revision must hold a non-negative integer, got \"" + shown + "\"");
        }
        return Integer.parseInt(trimmed);
    }

    private JsonNode tree(String charm, String file, Map<String, ?> content) {
        try {
            return yaml.valueToTree(content);
        } catch (IllegalArgumentException e) {
            throw new InvalidCharmException(charm, file + " holds values that are not plain data: " + e.getMessage(), e);
        }
    }

    private JsonNode tree(String charm, String file, String text) {
        try {
            return yaml.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidCharmException(charm, file + " is not valid YAML: " + YamlErrors.describe(e), e);
        } catch (RuntimeException e) {
            // the YAML engine reports some limits (nesting, alias expansion) as unchecked exceptions
            throw new InvalidCharmException(charm, file + " is not acceptable YAML: " + e.getMessage(), e);
        }
    }

    static String text(String charm, String file, byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidCharmException(charm, file + " is not UTF-8 text");
        }
    }
}
