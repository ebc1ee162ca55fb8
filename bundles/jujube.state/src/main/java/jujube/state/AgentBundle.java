package jujube.state;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One bundle of an agent's framework, as upgrades compare and move them: its symbolic name, its
 * {@code Bundle-Version}, the sha256 of its jar (lower-case hex) and the jar's size in bytes.
 *
 * @since 8.1
 */
public record AgentBundle(String name, String version, String sha256, long size) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");
    private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    public AgentBundle {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(sha256, "sha256");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a bundle's symbolic name: '" + name + "'");
        }
        if (!VERSION.matcher(version).matches()) {
            throw new IllegalArgumentException("bundle " + name + ": not a version: '" + version + "'");
        }
        if (!SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException("bundle " + name + ": not a sha256: '" + sha256 + "'");
        }
        if (size < 0) {
            throw new IllegalArgumentException("bundle " + name + ": negative size " + size);
        }
    }

    /** {@code name version}, as status and the upgrade plan show it. */
    @Override
    public String toString() {
        return name + " " + version;
    }
}
