package jujube.charm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A SHA-256 digest, held as 64 lower-case hex digits: what a charm archive is published and verified with.
 *
 * @param hex the digest in lower-case hex
 */
public record Sha256(String hex) {

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public Sha256 {
        Objects.requireNonNull(hex, "hex");
        if (!HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("not a sha256 (64 lower-case hex digits): \"" + hex + "\"");
        }
    }

    /** The digest of these bytes. */
    public static Sha256 of(byte[] content) {
        return new Sha256(HexFormat.of().formatHex(digest().digest(content)));
    }

    /** The digest of a file's content. */
    public static Sha256 of(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return of(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The digest of everything left in a stream; the stream is not closed. */
    public static Sha256 of(InputStream in) throws IOException {
        MessageDigest digest = digest();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            digest.update(buffer, 0, n);
        }
        return new Sha256(HexFormat.of().formatHex(digest.digest()));
    }

    /** A fresh digester, for callers that hash while they copy. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }

    /** The digest a digester has accumulated. */
    public static Sha256 of(MessageDigest digest) {
        return new Sha256(HexFormat.of().formatHex(digest.digest()));
    }

    @Override
    public String toString() {
        return hex;
    }
}
