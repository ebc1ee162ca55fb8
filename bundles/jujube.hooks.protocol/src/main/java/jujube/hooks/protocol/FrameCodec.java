package jujube.hooks.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;

/**
 * Frames of the hook socket: a 4-byte big-endian payload length, then that many bytes of UTF-8 JSON.
 * The agent refuses request frames above {@link #MAX_REQUEST_BYTES}; clients accept larger answers
 * (a relation's settings may be big) up to the limit they construct the codec with.
 */
public final class FrameCodec {
    /** The largest request payload the agent reads: 1 MiB. */
    public static final int MAX_REQUEST_BYTES = 1 << 20;

    private final ObjectMapper mapper;
    private final ObjectReader reader;
    private final int maxFrameBytes;

    /**
     * @param mapper        reads and writes the JSON payloads
     * @param maxFrameBytes the largest payload {@link #readPayload} accepts
     */
    public FrameCodec(ObjectMapper mapper, int maxFrameBytes) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        // "{} junk" is one frame with garbage after the value, not a valid request.
        this.reader = mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        if (maxFrameBytes <= 0) {
            throw new IllegalArgumentException("maxFrameBytes must be positive");
        }
        this.maxFrameBytes = maxFrameBytes;
    }

    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /** The whole frame, length prefix included, for a JSON value. */
    public byte[] encode(JsonNode value) {
        byte[] payload;
        try {
            payload = mapper.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            // A tree of JsonNodes always serialises; reaching this is a bug, not an input problem.
            throw new IllegalStateException("cannot serialise a JSON tree", e);
        }
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }

    /**
     * Parses a payload as one JSON value.
     *
     * @throws ProtocolException {@link ErrorCode#BAD_REQUEST} for empty or malformed JSON, or for
     *     trailing bytes after the value
     */
    public JsonNode decodePayload(byte[] payload) throws ProtocolException {
        try {
            JsonNode node = reader.readTree(payload);
            if (node == null || node instanceof MissingNode) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "empty frame");
            }
            return node;
        } catch (IOException e) {
            String detail = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "malformed JSON: " + detail);
        }
    }

    /**
     * Checks an announced payload length.
     *
     * @throws FrameTooLargeException when it is negative or above the limit
     */
    public int checkLength(long length) throws FrameTooLargeException {
        if (length < 0 || length > maxFrameBytes) {
            throw new FrameTooLargeException(length, maxFrameBytes);
        }
        return (int) length;
    }

    /**
     * Reads one payload from a blocking stream.
     *
     * @return empty at a clean end of stream before a frame starts
     * @throws EOFException           when the stream ends inside a frame
     * @throws FrameTooLargeException when the announced length is above the limit
     */
    public Optional<byte[]> readPayload(InputStream in) throws IOException {
        byte[] header = in.readNBytes(4);
        if (header.length == 0) {
            return Optional.empty();
        }
        if (header.length < 4) {
            throw new EOFException("stream ended inside a frame header");
        }
        int length = checkLength(Integer.toUnsignedLong(ByteBuffer.wrap(header).getInt()));
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("stream ended after " + payload.length + " of " + length + " payload bytes");
        }
        return Optional.of(payload);
    }
}
