package jujube.charm.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** A bounded window of a file channel read by absolute position, so several entries never share a cursor. */
final class ChannelSlice extends InputStream {
    private final FileChannel channel;
    private long position;
    private long remaining;

    ChannelSlice(FileChannel channel, long position, long length) {
        this.channel = channel;
        this.position = position;
        this.remaining = length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        int n = channel.read(ByteBuffer.wrap(buffer, offset, (int) Math.min(length, remaining)), position);
        if (n < 0) {
            throw new IOException("unexpected end of file");
        }
        position += n;
        remaining -= n;
        return n;
    }
}
