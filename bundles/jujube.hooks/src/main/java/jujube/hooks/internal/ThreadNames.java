package jujube.hooks.internal;

import java.util.regex.Pattern;

/** Thread names built from unit names, which hold characters ({@code /}) tools handle badly. */
final class ThreadNames {
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    private ThreadNames() {
    }

    /** {@code wordpress/0} becomes {@code wordpress-0}; anything but letters, digits, '.', '_', '-' becomes '-'. */
    static String sanitize(String name) {
        return UNSAFE.matcher(name).replaceAll("-");
    }
}
