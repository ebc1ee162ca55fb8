package jujube.charm.internal;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The one rule for symlinks in a charm, applied when building and when extracting: the target is
 * relative, its {@code ..} steps come only first and do not climb above the charm's root. Because
 * {@code ..} never follows a name, no link can climb out through another link that points elsewhere
 * (which a purely lexical check of {@code a/../../x} would miss), so links to links stay inside too.
 */
public final class LinkTargets {

    private LinkTargets() {}

    /**
     * Why {@code target} is not allowed for a link whose parent directory is {@code parentDepth} levels
     * below the root, or empty when it is allowed.
     */
    public static Optional<String> problem(String target, int parentDepth) {
        if (target.isEmpty()) {
            return Optional.of("has an empty target");
        }
        if (target.indexOf('\0') >= 0) {
            return Optional.of("has a target containing NUL");
        }
        if (target.startsWith("/")) {
            return Optional.of("points to absolute path " + target + " (only relative links are allowed)");
        }
        int ups = 0;
        boolean named = false;
        for (String part : target.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (named) {
                    return Optional.of("points to " + target + ", which goes back up (..) after a name; only leading .. are allowed");
                }
                ups++;
            } else {
                named = true;
            }
        }
        if (ups > parentDepth) {
            return Optional.of("points to " + target + ", outside the charm");
        }
        return Optional.empty();
    }

    /** How many directories {@code directory} lies below {@code root}; both must be real paths. */
    public static int depth(Path root, Path directory) {
        Path relative = root.relativize(directory);
        return relative.toString().isEmpty() ? 0 : relative.getNameCount();
    }
}
