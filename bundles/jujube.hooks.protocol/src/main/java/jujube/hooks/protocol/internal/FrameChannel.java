package jujube.hooks.protocol.internal;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import jujube.hooks.protocol.FrameCodec;

/**
 * One server-side connection, read and written with deadlines. Unix-domain channels have no
 * {@code SO_TIMEOUT}, so the channel is non-blocking and waits on a selector of its own; that is what
 * lets the server drop a client that stalls mid-frame instead of losing a thread to it.
 */
final class FrameChannel implements Closeable {
    private final SocketChannel channel;
    private final FrameCodec codec;
    // Opened at the first read or write that would block: a hook tool sends its request as it connects,
    // so most connections never need one (and a selector is an epoll instance and a wake-up pipe).
    private Selector selector; // guarded by this
    private SelectionKey key;
    private boolean closed; // guarded by this

    FrameChannel(SocketChannel channel, FrameCodec codec) throws IOException {
        this.channel = channel;
        this.codec = codec;
        channel.configureBlocking(false);
    }

    /**
     * Reads one payload; the whole frame must arrive within {@code timeout}.
     *
     * @return empty when the client closed the connection between frames
     */
    Optional<byte[]> readPayload(Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        ByteBuffer header = ByteBuffer.allocate(4);
        if (!fill(header, deadline, true)) {
            return Optional.empty();
        }
        int length = codec.checkLength(Integer.toUnsignedLong(header.flip().getInt()));
        ByteBuffer payload = ByteBuffer.allocate(length);
        fill(payload, deadline, false);
        return Optional.of(payload.array());
    }

    void write(byte[] frame, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        ByteBuffer buffer = ByteBuffer.wrap(frame);
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) {
                await(SelectionKey.OP_WRITE, deadline);
            }
        }
    }

    private boolean fill(ByteBuffer buffer, long deadline, boolean endAllowedAtStart) throws IOException {
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer);
            if (n < 0) {
                if (endAllowedAtStart && buffer.position() == 0) {
                    return false;
                }
                throw new EOFException("client closed the connection inside a frame");
            }
            if (n == 0) {
                await(SelectionKey.OP_READ, deadline);
            }
        }
        return true;
    }

    private void await(int ops, long deadline) throws IOException {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
            throw new SocketTimeoutException("client did not complete a frame in time");
        }
        Selector waitOn = selector(ops);
        waitOn.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining)));
        waitOn.selectedKeys().clear();
        if (!channel.isOpen()) {
            throw new AsynchronousCloseException();
        }
    }

    /** Safe from any thread: wakes a reader blocked in its selector. */
    @Override
    public void close() throws IOException {
        Selector open;
        synchronized (this) {
            closed = true;
            open = selector;
        }
        try {
            channel.close();
        } finally {
            if (open != null) {
                open.close();
            }
        }
    }

    /** The selector to wait on, registered for {@code ops}; opened at the first wait. */
    private Selector selector(int ops) throws IOException {
        synchronized (this) {
            if (closed) {
                throw new AsynchronousCloseException();
            }
            if (selector == null) {
                selector = Selector.open();
                key = channel.register(selector, 0);
            }
            key.interestOps(ops);
            return selector;
        }
    }
}
