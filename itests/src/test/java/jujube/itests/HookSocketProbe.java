package jujube.itests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.EOFException;
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

/**
 * A client of a unit's hook socket that writes whatever bytes it is given, as a confused or hostile
 * process on the machine could, and reads the agent's answers frame by frame.
 */
final class HookSocketProbe implements AutoCloseable {
    /** A call any unit agent answers without a hook running: juju-log needs no client id. */
    static final String VALID_CALL = "{\"id\": 7, \"command\": \"tool\", \"client_id\": null, \"args\": "
            + "{\"argv\": [\"juju-log\", \"bad-input corpus: the connection still serves\"], \"cwd\": \"/\"}}";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;

    HookSocketProbe(Path socket) throws IOException {
        channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        in = Channels.newInputStream(channel);
        out = Channels.newOutputStream(channel);
    }

    static byte[] frame(String json) {
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Ends the client's side of the stream, as a tool killed mid-call would. */
    void endOutput() throws IOException {
        channel.shutdownOutput();
    }

    /** The next answer, or empty when the agent closed the connection instead. */
    Optional<JsonNode> answer() throws IOException {
        byte[] header = in.readNBytes(4);
        if (header.length < 4) {
            return Optional.empty();
        }
        int length = ByteBuffer.wrap(header).getInt();
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("the agent's answer ended after " + payload.length + " of " + length + " bytes");
        }
        return Optional.of(JSON.readTree(payload));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
