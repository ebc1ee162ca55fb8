package jujube.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Reading the small files an agent keeps, each with a limit its owner chooses above anything it writes:
 * the size is checked before any byte is read, so a file grown by mistake or malice costs the agent no
 * memory. And setting a file aside, kept for inspection, once its owner found it corrupt.
 *
 * @since 1.4
 */
public final class SmallFiles {
    /** The names of set-aside files end in {@code .corrupt-} and this, in UTC: {@code unit.json.corrupt-20261125T162513Z}. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private SmallFiles() {
    }

    /**
     * The whole content of {@code file}, at most {@code limit} bytes.
     *
     * @throws NoSuchFileException when it does not exist
     * @throws CorruptFileException when it is larger than {@code limit} (found before reading it, or because
     *     it grew while read), or is not a regular file (a directory, a fifo, a device)
     * @throws IOException when it cannot be read
     */
    public static byte[] read(Path file, int limit) throws IOException {
        if (limit < 0 || limit == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("limit out of range: " + limit);
        }
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            // a directory, or a fifo or device that would block the reader or never end
            throw new CorruptFileException(file, "not a regular file");
        }
        if (attributes.size() > limit) {
            throw tooLarge(file, attributes.size(), limit);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] content = in.readNBytes(limit + 1); // buffers what it reads, not the limit
            if (content.length > limit) {
                throw new CorruptFileException(file, "grew past the limit of " + limit + " bytes while read");
            }
            return content;
        }
    }

    /**
     * Keeps what {@code file} holds as {@code <file>.corrupt-<UTC time of now>} beside it (a {@code -2},
     * {@code -3} ... added when that name is taken; a kept copy is never overwritten) and returns that path.
     * A regular file is copied, durably, and stays in place for the caller to replace (atomically) or delete:
     * a crash in between leaves it as it was, never missing. Anything else (a directory, a fifo) is renamed.
     *
     * @throws NoSuchFileException when {@code file} does not exist
     */
    public static Path setAside(Path file, Instant now) throws IOException {
        boolean regular = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile();
        String base = file.getFileName() + ".corrupt-" + STAMP.format(now);
        for (int n = 1;; n++) {
            Path target = file.resolveSibling(n == 1 ? base : base + "-" + n);
            try {
                if (regular) {
                    try (InputStream in = Files.newInputStream(file);
                            FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE_NEW,
                                    StandardOpenOption.WRITE)) {
                        in.transferTo(Channels.newOutputStream(out)); // streamed: any size, little memory
                        out.force(true);
                    }
                } else {
                    Files.move(file, target); // no REPLACE_EXISTING: refused when the name is taken
                }
                AtomicFiles.syncDirectory(file.toAbsolutePath().getParent());
                return target;
            } catch (FileAlreadyExistsException taken) {
                // the next name
            }
        }
    }

    private static CorruptFileException tooLarge(Path file, long size, int limit) {
        return new CorruptFileException(file, size + " bytes, over the limit of " + limit + " bytes");
    }
}
