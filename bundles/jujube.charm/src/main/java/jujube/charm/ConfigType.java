package jujube.charm;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The type of a charm config option, and how values of it are read. Typed values are Java
 * {@link String}, {@link Long} (int), {@link Double} (float) and {@link Boolean}.
 */
public enum ConfigType {
    STRING,
    INT,
    FLOAT,
    BOOLEAN;

    // Only plain decimal notation: Double.parseDouble would also take "1f", "0x1p3", "NaN" and "Infinity".
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");

    /** The name used in {@code config.yaml}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type named so in {@code config.yaml}; {@code str} is the original's accepted alias of string. */
    public static Optional<ConfigType> fromLabel(String label) {
        if ("str".equals(label)) {
            return Optional.of(STRING);
        }
        for (ConfigType type : values()) {
            if (type.label().equals(label)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /**
     * Converts text (a command-line value) to a value of this type, or empty when it does not convert.
     * Strings are taken as they are; numbers and booleans ignore surrounding blanks.
     */
    public Optional<Object> parse(String text) {
        if (this == STRING) {
            return Optional.of(text);
        }
        String trimmed = text.strip();
        return switch (this) {
            case INT -> INTEGER.matcher(trimmed).matches() ? toLong(new BigInteger(trimmed)) : Optional.empty();
            case FLOAT -> DECIMAL.matcher(trimmed).matches() ? toDouble(Double.parseDouble(trimmed)) : Optional.empty();
            case BOOLEAN -> switch (trimmed.toLowerCase(Locale.ROOT)) {
                case "true" -> Optional.of(Boolean.TRUE);
                case "false" -> Optional.of(Boolean.FALSE);
                default -> Optional.empty();
            };
            case STRING -> Optional.of(text);
        };
    }

    /**
     * Accepts an already typed value (from YAML or JSON) as this type, or empty when it is not one. Text is
     * converted as by {@link #parse}; an integral number is a valid float; nothing else is converted.
     */
    public Optional<Object> accept(Object value) {
        if (value instanceof String text) {
            return parse(text);
        }
        return switch (this) {
            case STRING -> Optional.empty();
            case INT -> integral(value).flatMap(ConfigType::toLong);
            case FLOAT -> value instanceof Number number ? toDouble(number.doubleValue()) : Optional.empty();
            case BOOLEAN -> value instanceof Boolean ? Optional.of(value) : Optional.empty();
        };
    }

    private static Optional<BigInteger> integral(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return Optional.of(BigInteger.valueOf(((Number) value).longValue()));
        }
        if (value instanceof BigInteger big) {
            return Optional.of(big);
        }
        if (value instanceof BigDecimal decimal && decimal.stripTrailingZeros().scale() <= 0) {
            return Optional.of(decimal.toBigIntegerExact());
        }
        return Optional.empty();
    }

    private static Optional<Object> toLong(BigInteger value) {
        return value.bitLength() < 64 ? Optional.of(value.longValue()) : Optional.empty();
    }

    private static Optional<Object> toDouble(double value) {
        return Double.isFinite(value) ? Optional.of(value) : Optional.empty();
    }
}
