package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** A test client that writes whatever bytes it is given, valid or not, and reads raw answers. */
final class RawConnection implements AutoCloseable {
    final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;
    private final FrameCodec codec;

    RawConnection(Path socket, ObjectMapper mapper) throws IOException {
        channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        in = Channels.newInputStream(channel);
        out = Channels.newOutputStream(channel);
        codec = new FrameCodec(mapper, HookSocketClient.MAX_ANSWER_BYTES);
    }

    void writeRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    void writeFrame(String json) throws IOException {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        writeRaw(ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array());
    }

    /** Writes a frame and reads its answer, which must come. */
    JsonNode readAnswerAfter(String json) throws IOException {
        writeFrame(json);
        return readAnswer().orElseThrow(() -> new IOException("connection closed instead of an answer"));
    }

    /** The next answer, or empty when the server closed the connection. */
    Optional<JsonNode> readAnswer() throws IOException {
        Optional<byte[]> payload = codec.readPayload(in);
        if (payload.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(codec.decodePayload(payload.get()));
        } catch (ProtocolException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
