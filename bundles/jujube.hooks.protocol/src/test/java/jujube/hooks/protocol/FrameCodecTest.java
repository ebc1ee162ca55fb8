package jujube.hooks.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class FrameCodecTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final FrameCodec codec = new FrameCodec(mapper, 64);

    @Test
    void encodes_a_big_endian_length_then_utf8_json() throws Exception {
        ObjectNode value = mapper.createObjectNode().put("k", "é");
        byte[] frame = codec.encode(value);
        assertEquals(frame.length - 4, ByteBuffer.wrap(frame).getInt());
        byte[] payload = codec.readPayload(new ByteArrayInputStream(frame)).orElseThrow();
        assertEquals(value, codec.decodePayload(payload));
    }

    @Test
    void refuses_lengths_above_the_limit_and_truncated_frames() throws Exception {
        byte[] big = ByteBuffer.allocate(4).putInt(65).array();
        FrameTooLargeException e = assertThrows(FrameTooLargeException.class,
                () -> codec.readPayload(new ByteArrayInputStream(big)));
        assertEquals(65, e.announcedLength());
        byte[] negative = ByteBuffer.allocate(4).putInt(-1).array();
        assertThrows(FrameTooLargeException.class, () -> codec.readPayload(new ByteArrayInputStream(negative)));
        assertThrows(EOFException.class, () -> codec.readPayload(new ByteArrayInputStream(new byte[] {0, 0})));
        byte[] shortPayload = ByteBuffer.allocate(6).putInt(10).put((byte) '{').put((byte) '}').array();
        assertThrows(EOFException.class, () -> codec.readPayload(new ByteArrayInputStream(shortPayload)));
        assertTrue(codec.readPayload(new ByteArrayInputStream(new byte[0])).isEmpty());
    }

    @Test
    void malformed_json_is_a_bad_request() {
        for (String bad : new String[] {"", "{", "{} {}", "\"\\u12\"", "{\"a\":}"}) {
            ProtocolException e = assertThrows(ProtocolException.class, () -> codec.decodePayload(bad.getBytes()));
            assertEquals(ErrorCode.BAD_REQUEST, e.code(), bad);
        }
    }

    @Test
    void requests_and_answers_round_trip() throws Exception {
        Request request = new Request(3, "relation-get", null, mapper.createObjectNode().put("key", "k"));
        assertEquals(request, Request.fromJson(request.toJson()));
        Response ok = Response.success(3, mapper.getNodeFactory().textNode("v"));
        assertEquals(ok, Response.fromJson(ok.toJson()));
        Response error = Response.failure(null, new ProtocolError(ErrorCode.NO_SUCH_RELATION, "no db:9"));
        assertEquals(error, Response.fromJson(error.toJson()));
        assertEquals("{\"id\":null,\"error\":{\"code\":\"NoSuchRelation\",\"message\":\"no db:9\"}}",
                error.toJson().toString());
    }
}
