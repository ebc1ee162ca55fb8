package jujube.charm;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A charm URL: {@code local:series/name[-revision]} for a local repository, or
 * {@code cs:[~user/]series/name[-revision]} for the charm store (parsed and kept, though no store is
 * reachable). The components are validated on construction, so an instance always formats to a URL
 * that parses back to it.
 *
 * @param schema where the charm comes from
 * @param user the store user ({@code cs:} only), empty for none
 * @param series the OS series the charm is written for
 * @param name the charm name
 * @param revision the revision, empty when the URL leaves it open (the repository picks the highest)
 */
public record CharmUrl(Schema schema, String user, String series, String name, OptionalInt revision) {

    /** Where a charm comes from. */
    public enum Schema {
        LOCAL,
        CS;

        /** The URL prefix before the colon. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    // The original's rules: a name may not end in "-<digits>", which would read as a revision.
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*");
    private static final Pattern SERIES = Pattern.compile("[a-z]+([a-z0-9]+)?");
    private static final Pattern USER = Pattern.compile("[a-z0-9][a-zA-Z0-9+.-]+");
    private static final Pattern REVISION = Pattern.compile("\\d{1,9}");

    public CharmUrl {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(revision, "revision");
        String shown = format(schema, user, series, name, revision);
        if (!user.isEmpty() && schema == Schema.LOCAL) {
            throw new InvalidCharmUrlException(shown, "local charm URLs have no user");
        }
        if (!user.isEmpty() && !USER.matcher(user).matches()) {
            throw new InvalidCharmUrlException(shown, "invalid user \"" + user + "\"");
        }
        if (!SERIES.matcher(series).matches()) {
            throw new InvalidCharmUrlException(shown, "invalid series \"" + series + "\"");
        }
        if (!isValidName(name)) {
            throw new InvalidCharmUrlException(shown, "invalid charm name \"" + name + "\"");
        }
        if (revision.isPresent() && revision.getAsInt() < 0) {
            throw new InvalidCharmUrlException(shown, "negative revision");
        }
    }

    /** A local URL for a charm of known revision. */
    public static CharmUrl local(String series, String name, int revision) {
        return new CharmUrl(Schema.LOCAL, "", series, name, OptionalInt.of(revision));
    }

    /** Whether {@code name} is a valid charm name (lower-case words joined by dashes, not ending in digits). */
    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** Parses a complete URL: schema, series and name are required, the revision is optional. */
    public static CharmUrl parse(String text) {
        Objects.requireNonNull(text, "text");
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new InvalidCharmUrlException(text, "no schema (expected local: or cs:)");
        }
        Schema schema = switch (text.substring(0, colon)) {
            case "local" -> Schema.LOCAL;
            case "cs" -> Schema.CS;
            default -> throw new InvalidCharmUrlException(text, "unknown schema \"" + text.substring(0, colon) + "\" (expected local or cs)");
        };
        String[] parts = text.substring(colon + 1).split("/", -1);
        String user = "";
        int next = 0;
        if (parts.length == 3 && parts[0].startsWith("~")) {
            user = parts[0].substring(1);
            next = 1;
            if (user.isEmpty()) {
                throw new InvalidCharmUrlException(text, "invalid user \"\"");
            }
        } else if (parts.length != 2) {
            throw new InvalidCharmUrlException(text, "expected " + schema.label() + ":" + (schema == Schema.CS ? "[~user/]" : "") + "series/name[-revision]");
        }
        String series = parts[next];
        String nameAndRevision = parts[next + 1];
        OptionalInt revision = OptionalInt.empty();
        int dash = nameAndRevision.lastIndexOf('-');
        if (dash > 0 && REVISION.matcher(nameAndRevision.substring(dash + 1)).matches()) {
            revision = OptionalInt.of(Integer.parseInt(nameAndRevision.substring(dash + 1)));
            nameAndRevision = nameAndRevision.substring(0, dash);
        }
        CharmUrl url = new CharmUrl(schema, user, series, nameAndRevision, revision);
        if (!url.toString().equals(text)) {
            // e.g. a revision with leading zeros or beyond int range: accept only the canonical spelling
            throw new InvalidCharmUrlException(text, "not in canonical form (did you mean " + url + "?)");
        }
        return url;
    }

    /**
     * Completes what an operator types: {@code mysql} or {@code local:mysql} gets {@code defaultSeries},
     * a missing schema means {@code cs:}. A complete URL is parsed as is.
     */
    public static CharmUrl infer(String text, String defaultSeries) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(defaultSeries, "defaultSeries");
        String full = text.contains(":") ? text : "cs:" + text;
        int colon = full.indexOf(':');
        String path = full.substring(colon + 1);
        boolean seriesGiven = path.startsWith("~") ? path.split("/", -1).length > 2 : path.contains("/");
        if (!seriesGiven) {
            full = path.startsWith("~")
                    ? full.substring(0, colon + 1) + path.replaceFirst("/", java.util.regex.Matcher.quoteReplacement("/" + defaultSeries + "/"))
                    : full.substring(0, colon + 1) + defaultSeries + "/" + path;
        }
        return parse(full);
    }

    /** This URL with the given revision. */
    public CharmUrl withRevision(int newRevision) {
        return new CharmUrl(schema, user, series, name, OptionalInt.of(newRevision));
    }

    /** This URL without a revision, naming every revision of the charm. */
    public CharmUrl withoutRevision() {
        return new CharmUrl(schema, user, series, name, OptionalInt.empty());
    }

    /** The URL text, e.g. {@code local:precise/mysql-3}. */
    @Override
    public String toString() {
        return format(schema, user, series, name, revision);
    }

    private static String format(Schema schema, String user, String series, String name, OptionalInt revision) {
        return schema.label() + ":" + (user.isEmpty() ? "" : "~" + user + "/") + series + "/" + name
                + (revision.isPresent() ? "-" + revision.getAsInt() : "");
    }
}
