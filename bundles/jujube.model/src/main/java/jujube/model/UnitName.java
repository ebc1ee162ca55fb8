package jujube.model;

import java.util.Objects;

/**
 * A unit's name, {@code <service>/<n>}. The number only ever grows per service name and is never
 * reused, not even after the service is destroyed and deployed again.
 *
 * @param service the service's name
 * @param number the unit's sequence number within that service name
 */
public record UnitName(String service, int number) implements Comparable<UnitName> {
    public UnitName {
        Objects.requireNonNull(service, "service");
        if (service.isEmpty() || service.contains("/")) {
            throw new IllegalArgumentException("invalid service name '" + service + "'");
        }
        if (number < 0) {
            throw new IllegalArgumentException("unit number must not be negative, got " + number);
        }
    }

    /** Parses {@code mysql/0}; fails with a message naming the text. */
    public static UnitName parse(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash <= 0 || !isNumber(text, slash + 1)) { // a second slash is no digit: rejected here too
            throw new IllegalArgumentException("'" + text + "' is not a unit name <service>/<n>");
        }
        return new UnitName(text.substring(0, slash), Integer.parseInt(text.substring(slash + 1)));
    }

    private static boolean isNumber(String text, int from) {
        int digits = text.length() - from;
        if (digits < 1 || digits > 9) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    @Override
    public int compareTo(UnitName o) {
        int c = service.compareTo(o.service);
        return c != 0 ? c : Integer.compare(number, o.number);
    }

    @Override
    public String toString() {
        return service + "/" + number;
    }
}
