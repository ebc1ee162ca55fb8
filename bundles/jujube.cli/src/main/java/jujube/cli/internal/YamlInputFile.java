package jujube.cli.internal;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import jujube.charm.YamlErrors;
import jujube.cli.CliException;

/**
 * A YAML file the operator names ({@code --config}, a bundle, {@code --params}), read the one way: it must
 * exist and be a regular file, at most {@code maxBytes} (checked before it is read, and while it is read,
 * so a file that grows meanwhile is refused too), UTF-8 without a malformed byte, and YAML in which a key
 * given twice is an error rather than a value dropped. Every refusal is a one-line {@link CliException}
 * that starts with the file's label ({@code config file /srv/blog.yaml is not UTF-8 text}).
 *
 * @param label how messages name the file: {@code config file PATH}, {@code --params PATH}, a bundle's name
 * @param maxBytes the largest file read
 * @param kind what the file is, for the size message ({@code a config file may be})
 */
record YamlInputFile(Path file, String label, long maxBytes, String kind) {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** The file's bytes, within the limit. */
    byte[] bytes() {
        if (!Files.exists(file)) {
            // a label without the path (a bundle's name) is followed by the path it was looked for at
            throw new CliException(label + " does not exist" + (label.endsWith(file.toString()) ? "" : " (" + file + ")"));
        }
        if (!Files.isRegularFile(file)) {
            throw new CliException(label + " is not a regular file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw tooLarge(size + " bytes, larger");
            }
            byte[] bytes = in.readNBytes((int) maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw tooLarge("larger");
            }
            return bytes;
        } catch (IOException e) {
            throw new CliException(label + " cannot be read: " + e.getMessage(), e);
        }
    }

    private CliException tooLarge(String size) {
        return new CliException(label + " is " + size + " than the " + maxBytes + " bytes " + kind + " may be");
    }

    /** {@code bytes} as text: refused unless they are UTF-8. */
    String text(byte[] bytes) {
        if (bytes.length > maxBytes) {
            throw tooLarge(bytes.length + " bytes, larger");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new CliException(label + " is not UTF-8 text");
        }
    }

    /** The file's YAML as a tree; null when it holds no document. */
    JsonNode tree() {
        return tree(text(bytes()));
    }

    /** {@code text} as a YAML tree; null when it holds no document. */
    JsonNode tree(String text) {
        try {
            return YAML.readTree(text);
        } catch (JacksonException e) {
            throw new CliException(label + " is not valid YAML: " + YamlErrors.describe(e), e);
        }
    }

    /** The file's YAML as maps, lists and scalars; null when it holds no document. */
    Object value() {
        String text = text(bytes());
        try {
            return YAML.readValue(text, Object.class);
        } catch (JacksonException e) {
            throw new CliException(label + " is not valid YAML: " + YamlErrors.describe(e), e);
        }
    }
}
