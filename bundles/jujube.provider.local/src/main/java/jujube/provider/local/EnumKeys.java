package jujube.provider.local;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How {@code environment.yaml} and the command line write the constants of this package's enums: each by
 * its name in lower case ({@code process}, {@code unassigned}).
 */
final class EnumKeys {
    private EnumKeys() {}

    static String key(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The constant of {@code type} that {@code key} names.
     *
     * @throws IllegalArgumentException naming the keys there are and {@code key}, when it names none
     */
    static <E extends Enum<E>> E of(Class<E> type, String key) {
        E[] constants = type.getEnumConstants();
        for (E constant : constants) {
            if (key(constant).equals(key)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("must be " + Arrays.stream(constants).map(EnumKeys::key)
                .collect(Collectors.joining(" or ")) + ", got '" + key + "'");
    }
}
