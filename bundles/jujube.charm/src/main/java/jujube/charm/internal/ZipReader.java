package jujube.charm.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import jujube.charm.CharmArchiveException;

/**
 * Reads a zip file from its central directory, exposing the unix modes the JDK's zip API hides. Every
 * structural problem (truncation, bounds, zip64, encryption, unknown compression, CRC or size mismatch)
 * is a {@link CharmArchiveException} naming the archive and, where there is one, the entry.
 */
public final class ZipReader implements Closeable {
    private static final int END_SIZE = 22;
    private static final int CENTRAL_SIZE = 46;
    private static final int LOCAL_SIZE = 30;
    private static final long ZIP64_MARK = 0xFFFFFFFFL;

    private final String label;
    private final FileChannel channel;
    private final long centralStart;
    private final List<ZipEntryInfo> entries;

    private ZipReader(String label, FileChannel channel) throws IOException {
        this.label = label;
        this.channel = channel;
        long size = channel.size();
        if (size < END_SIZE) {
            throw fail("not a zip file (too short)");
        }
        int tail = (int) Math.min(size, END_SIZE + 0xFFFF);
        ByteBuffer buffer = read(size - tail, tail);
        int end = tail - END_SIZE;
        while (end >= 0 && buffer.getInt(end) != 0x06054b50) {
            end--;
        }
        if (end < 0) {
            throw fail("not a zip file (no end of central directory record)");
        }
        if (u16(buffer, end + 4) != 0 || u16(buffer, end + 6) != 0) {
            throw fail("multi-disk zip files are not supported");
        }
        int count = u16(buffer, end + 10);
        long centralSize = u32(buffer, end + 12);
        centralStart = u32(buffer, end + 16);
        if (count == 0xFFFF || centralStart == ZIP64_MARK || centralSize == ZIP64_MARK) {
            throw fail("zip64 archives are not supported");
        }
        if (centralStart + centralSize > size - tail + end || centralSize > Integer.MAX_VALUE) {
            throw fail("central directory lies outside the file");
        }
        entries = List.copyOf(central(read(centralStart, (int) centralSize), count));
    }

    /** Opens an archive; the label names it in errors. */
    public static ZipReader open(Path archive) {
        String label = archive.toString();
        try {
            FileChannel channel = FileChannel.open(archive, StandardOpenOption.READ);
            try {
                return new ZipReader(label, channel);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (NoSuchFileException e) {
            throw new CharmArchiveException(label, "does not exist");
        } catch (IOException e) {
            throw new CharmArchiveException(label, "cannot be read: " + e.getMessage(), e);
        }
    }

    public List<ZipEntryInfo> entries() {
        return entries;
    }

    private List<ZipEntryInfo> central(ByteBuffer cd, int count) {
        List<ZipEntryInfo> found = new ArrayList<>(count);
        int at = 0;
        for (int i = 0; i < count; i++) {
            if (at + CENTRAL_SIZE > cd.limit() || cd.getInt(at) != 0x02014b50) {
                throw fail("central directory record " + i + " is corrupt");
            }
            int nameLength = u16(cd, at + 28);
            int next = at + CENTRAL_SIZE + nameLength + u16(cd, at + 30) + u16(cd, at + 32);
            if (next > cd.limit()) {
                throw fail("central directory record " + i + " runs past its end");
            }
            byte[] name = new byte[nameLength];
            cd.get(at + CENTRAL_SIZE, name);
            ZipEntryInfo entry = new ZipEntryInfo(decode(name, i), u16(cd, at + 4), u16(cd, at + 8), u16(cd, at + 10),
                    u32(cd, at + 16), u32(cd, at + 20), u32(cd, at + 24), cd.getInt(at + 38), u32(cd, at + 42));
            if (entry.compressedSize() == ZIP64_MARK || entry.size() == ZIP64_MARK || entry.localHeaderOffset() == ZIP64_MARK) {
                throw fail("entry " + entry.name() + ": zip64 entries are not supported");
            }
            found.add(entry);
            at = next;
        }
        return found;
    }

    private String decode(byte[] name, int index) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(name)).toString();
        } catch (CharacterCodingException e) {
            throw fail("entry " + index + " has a name that is not UTF-8");
        }
    }

    /** Copies an entry's content out, checking it against the declared size and CRC as it goes. */
    public void copy(ZipEntryInfo entry, OutputStream out) {
        byte[] buffer = new byte[8192];
        CRC32 crc = new CRC32();
        long total = 0;
        try (InputStream in = open(entry)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
                if (total > entry.size()) {
                    throw fail("entry " + entry.name() + " holds more data than its declared " + entry.size() + " bytes");
                }
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new CharmArchiveException(label, "entry " + entry.name() + ": " + e.getMessage(), e);
        }
        if (total != entry.size() || crc.getValue() != entry.crc()) {
            throw fail("entry " + entry.name() + " is corrupt (size or CRC does not match)");
        }
    }

    /** An entry's whole content, refused beyond {@code limit} bytes (for small files such as metadata). */
    public byte[] readAll(ZipEntryInfo entry, int limit) {
        if (entry.size() > limit) {
            throw fail("entry " + entry.name() + " is larger than " + limit + " bytes");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) entry.size());
        copy(entry, out);
        return out.toByteArray();
    }

    private InputStream open(ZipEntryInfo entry) throws IOException {
        if ((entry.flags() & 1) != 0) {
            throw fail("entry " + entry.name() + " is encrypted");
        }
        if (entry.localHeaderOffset() + LOCAL_SIZE > centralStart) {
            throw fail("entry " + entry.name() + " has its header outside the file");
        }
        ByteBuffer local = read(entry.localHeaderOffset(), LOCAL_SIZE);
        if (local.getInt(0) != 0x04034b50) {
            throw fail("entry " + entry.name() + " has a corrupt local header");
        }
        long dataStart = entry.localHeaderOffset() + LOCAL_SIZE + u16(local, 26) + u16(local, 28);
        if (dataStart + entry.compressedSize() > centralStart) {
            throw fail("entry " + entry.name() + " has its data outside the file");
        }
        InputStream raw = new ChannelSlice(channel, dataStart, entry.compressedSize());
        return switch (entry.method()) {
            case 0 -> raw;
            // raw deflate may need one byte past the data to see its end, as the JDK's own ZipFile supplies
            case 8 -> new InflaterInputStream(new SequenceInputStream(raw, new ByteArrayInputStream(new byte[1])), new Inflater(true)) {
                @Override
                public void close() throws IOException {
                    super.close();
                    inf.end();
                }
            };
            default -> throw fail("entry " + entry.name() + " uses unsupported compression method " + entry.method());
        };
    }

    private ByteBuffer read(long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw fail("truncated");
            }
        }
        return buffer.flip();
    }

    private CharmArchiveException fail(String problem) {
        return new CharmArchiveException(label, problem);
    }

    private static int u16(ByteBuffer buffer, int at) {
        return Short.toUnsignedInt(buffer.getShort(at));
    }

    private static long u32(ByteBuffer buffer, int at) {
        return Integer.toUnsignedLong(buffer.getInt(at));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
