package jujube.access;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The dashboard's login token: an expiry and an HMAC-SHA256 over it, keyed by a key derived from the
 * administrator's secret, so that whoever holds the administrator's credential (the command line, the
 * controller) can make and check one, and nobody else can. A token says nothing of the secret: the key is
 * derived for this use only. {@link #toString()} never shows the MAC.
 *
 * @param expires when the token stops being accepted, to the second
 * @param mac the MAC over the expiry, URL-safe base64 without padding
 * @since 1.1
 */
public record DashboardToken(Instant expires, String mac) {
    /** A token's text is never longer than this; longer input is refused unread. */
    public static final int MAX_LENGTH = 128;
    /** How long a token made without a lifetime lives. */
    public static final Duration DEFAULT_LIFETIME = Duration.ofHours(24);
    private static final Pattern TEXT = Pattern.compile("([0-9]{1,12})\\.([A-Za-z0-9_-]{43})");

    public DashboardToken {
        Objects.requireNonNull(expires, "expires");
        Objects.requireNonNull(mac, "mac");
    }

    /** A token from {@code admin}'s credential, accepted until {@code expires}. */
    public static DashboardToken issue(Credential admin, Instant expires) {
        Instant second = Instant.ofEpochSecond(expires.getEpochSecond());
        return new DashboardToken(second, mac(admin, second.getEpochSecond()));
    }

    /** The token's text: {@code <expiry in epoch seconds>.<mac>}. */
    public String text() {
        return expires.getEpochSecond() + "." + mac;
    }

    /**
     * Whether {@code text} is a token {@code admin}'s credential made that is still valid at {@code now}
     * and expires within {@code maxLifetime} of it (a token made for longer than the controller accepts is
     * refused rather than trusted longer than it should be). Any input is safe: it is checked for length and
     * form before anything else, and the MACs are compared in constant time.
     */
    public static boolean valid(String text, Credential admin, Instant now, Duration maxLifetime) {
        if (text == null || text.length() > MAX_LENGTH) {
            return false;
        }
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            return false;
        }
        long expiry = Long.parseLong(m.group(1));
        if (expiry <= now.getEpochSecond() || expiry > now.plus(maxLifetime).getEpochSecond()) {
            return false;
        }
        return MessageDigest.isEqual(mac(admin, expiry).getBytes(StandardCharsets.US_ASCII),
                m.group(2).getBytes(StandardCharsets.US_ASCII));
    }

    private static String mac(Credential admin, long expiry) {
        if (!admin.isAdmin()) {
            throw new IllegalArgumentException("only the administrator's credential makes dashboard tokens");
        }
        try {
            // a key for this use alone: a token never helps to guess the secret or another derived key
            Mac derive = Mac.getInstance("HmacSHA256");
            derive.init(new SecretKeySpec(admin.secret().getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
            byte[] key = derive.doFinal("jujube dashboard token".getBytes(StandardCharsets.US_ASCII));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] sum = mac.doFinal(("expires=" + expiry).getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sum);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return "DashboardToken[expires=" + expires + "]";
    }
}
