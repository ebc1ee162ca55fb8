package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * The pure-Java client of the hook socket, for tests, for the Java fallback of the hook tools and for
 * any JVM tool talking to a unit agent. One connection; calls are serialised, each waiting for its
 * answer. Answers may be larger than requests: up to {@link #MAX_ANSWER_BYTES}.
 */
public final class HookSocketClient implements AutoCloseable {
    /** The largest answer accepted: 64 MiB. */
    public static final int MAX_ANSWER_BYTES = 64 << 20;

    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;
    private final FrameCodec codec;
    private long nextId = 1;

    private HookSocketClient(SocketChannel channel, ObjectMapper mapper) {
        this.channel = channel;
        this.in = Channels.newInputStream(channel);
        this.out = Channels.newOutputStream(channel);
        this.codec = new FrameCodec(mapper, MAX_ANSWER_BYTES);
    }

    /** Connects to the socket at {@code socketPath}. */
    public static HookSocketClient connect(Path socketPath, ObjectMapper mapper) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socketPath));
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new HookSocketClient(channel, mapper);
    }

    /**
     * Sends a command and waits for its result.
     *
     * @param clientId the hook invocation's client id, or null
     * @param args     the command's arguments, or null for none
     * @throws ProtocolException when the agent answers with an error
     * @throws IOException       when the connection fails or the answer is not a valid frame
     */
    public synchronized JsonNode call(String command, String clientId, ObjectNode args)
            throws IOException, ProtocolException {
        Response response = exchange(new Request(nextId++, command, clientId, args));
        if (response.isError()) {
            throw new ProtocolException(response.error());
        }
        return response.result();
    }

    /**
     * Sends a request and returns the answer as it came, error or not.
     *
     * @throws FrameTooLargeException before anything is sent, when the request is above
     *     {@link FrameCodec#MAX_REQUEST_BYTES}, which the agent would refuse by closing the connection
     */
    public synchronized Response exchange(Request request) throws IOException {
        byte[] frame = codec.encode(request.toJson());
        if (frame.length - 4 > FrameCodec.MAX_REQUEST_BYTES) {
            throw new FrameTooLargeException(frame.length - 4, FrameCodec.MAX_REQUEST_BYTES);
        }
        out.write(frame);
        out.flush();
        byte[] payload = codec.readPayload(in).orElseThrow(() -> new EOFException("the agent closed the connection"));
        try {
            return Response.fromJson(codec.decodePayload(payload));
        } catch (ProtocolException e) {
            throw new IOException("invalid answer from the agent: " + e.error().message(), e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
