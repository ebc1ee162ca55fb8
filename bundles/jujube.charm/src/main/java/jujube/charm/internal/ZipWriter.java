package jujube.charm.internal;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes a zip file whose entries carry unix modes (file type and permissions) in their external
 * attributes, which {@link java.util.zip.ZipOutputStream} cannot do, so symlinks and executable hooks
 * survive the trip. Entries get a fixed timestamp so the same charm always makes the same bytes (and
 * sha256). Each entry is compressed in memory: charms are small. No zip64: over 4 GiB is refused.
 */
public final class ZipWriter implements Closeable {
    private static final int VERSION = 20;
    private static final int MADE_BY_UNIX = (3 << 8) | VERSION;
    private static final int UTF8_NAMES = 0x0800;
    private static final int DOS_DATE_1980_01_01 = (1 << 5) | 1;
    private static final long LIMIT = 0xFFFFFFFFL;

    private record Written(byte[] name, int method, long crc, long compressedSize, long size, int mode, long offset) {}

    private final OutputStream out;
    private final List<Written> written = new ArrayList<>();
    private long offset;

    public ZipWriter(OutputStream out) {
        this.out = out;
    }

    public void file(String name, byte[] content, int permissions) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try (DeflaterOutputStream deflating = new DeflaterOutputStream(compressed, deflater)) {
            deflating.write(content);
        } finally {
            deflater.end();
        }
        entry(name, 8, content, compressed.toByteArray(), ZipEntryInfo.REGULAR | (permissions & 0777));
    }

    public void directory(String name, int permissions) throws IOException {
        entry(name.endsWith("/") ? name : name + "/", 0, new byte[0], new byte[0], ZipEntryInfo.DIRECTORY | (permissions & 0777));
    }

    public void symlink(String name, String target) throws IOException {
        byte[] content = target.getBytes(StandardCharsets.UTF_8);
        entry(name, 0, content, content, ZipEntryInfo.SYMLINK | 0777);
    }

    private void entry(String name, int method, byte[] content, byte[] data, int mode) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(content);
        if (offset + data.length > LIMIT || written.size() >= 0xFFFF) {
            throw new IOException("archive too large for a zip without zip64");
        }
        Written entry = new Written(nameBytes, method, crc.getValue(), data.length, content.length, mode, offset);
        ByteBuffer header = little(30 + nameBytes.length);
        header.putInt(0x04034b50).putShort((short) VERSION).putShort((short) UTF8_NAMES).putShort((short) method)
                .putShort((short) 0).putShort((short) DOS_DATE_1980_01_01)
                .putInt((int) entry.crc).putInt((int) entry.compressedSize).putInt((int) entry.size)
                .putShort((short) nameBytes.length).putShort((short) 0).put(nameBytes);
        write(header);
        out.write(data);
        offset += data.length;
        written.add(entry);
    }

    /** Writes the central directory and closes the stream. */
    @Override
    public void close() throws IOException {
        try (out) {
            long start = offset;
            for (Written entry : written) {
                ByteBuffer header = little(46 + entry.name.length);
                header.putInt(0x02014b50).putShort((short) MADE_BY_UNIX).putShort((short) VERSION)
                        .putShort((short) UTF8_NAMES).putShort((short) entry.method)
                        .putShort((short) 0).putShort((short) DOS_DATE_1980_01_01)
                        .putInt((int) entry.crc).putInt((int) entry.compressedSize).putInt((int) entry.size)
                        .putShort((short) entry.name.length).putShort((short) 0).putShort((short) 0)
                        .putShort((short) 0).putShort((short) 0)
                        .putInt(entry.mode << 16 | ((entry.mode & ZipEntryInfo.TYPE_MASK) == ZipEntryInfo.DIRECTORY ? 0x10 : 0))
                        .putInt((int) entry.offset).put(entry.name);
                write(header);
            }
            if (offset > LIMIT) {
                throw new IOException("archive too large for a zip without zip64");
            }
            ByteBuffer end = little(22);
            end.putInt(0x06054b50).putShort((short) 0).putShort((short) 0)
                    .putShort((short) written.size()).putShort((short) written.size())
                    .putInt((int) (offset - start)).putInt((int) start).putShort((short) 0);
            write(end);
        }
    }

    private void write(ByteBuffer buffer) throws IOException {
        out.write(buffer.array(), 0, buffer.position());
        offset += buffer.position();
    }

    private static ByteBuffer little(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
