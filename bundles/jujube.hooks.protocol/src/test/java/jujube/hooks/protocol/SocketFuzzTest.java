package jujube.hooks.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import jujube.testkit.Polling;
import jujube.testkit.ShortTempDir;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throws 2,000 random, truncated and oversized frames at a real socket, then checks that the agent
 * still serves and that its threads stayed bounded.
 */
class SocketFuzzTest {
    /** Waits for the server's threads: every 2 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(2));

    private static final int FRAMES = 2_000;
    private static final int MAX_CONNECTIONS = 4;

    private final ObjectMapper mapper = new ObjectMapper();
    private final Random random = new Random(20120611L);
    private long maxThreadsSeen;

    @TempDir(factory = ShortTempDir.class)
    Path dir;

    @Test
    void the_agent_keeps_serving_whatever_clients_send() throws Exception {
        Path socket = dir.resolve("s");
        try (HookSocketServer server = HookSocketServer.start(socket, new EchoHandler(), mapper,
                new ServerLimits(MAX_CONNECTIONS, 64, Duration.ofMillis(300)))) {
            int sent = 0;
            while (sent < FRAMES) {
                try (RawConnection raw = new RawConnection(socket, mapper)) {
                    // Several frames per connection: a truncated one ends it, like a killed tool.
                    int burst = 1 + random.nextInt(8);
                    for (int i = 0; i < burst && sent < FRAMES; i++, sent++) {
                        raw.writeRaw(nextFrame());
                    }
                } catch (IOException e) {
                    // The server may hang up first (oversized frame); that is a clean close.
                }
                maxThreadsSeen = Math.max(maxThreadsSeen, SocketThreads.count());
            }
            try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
                assertEquals("after-fuzz", client.call("echo", "after-fuzz", null).get("client_id").asText());
            }
            assertTrue(maxThreadsSeen <= MAX_CONNECTIONS + 1, "threads seen: " + maxThreadsSeen);
            POLLING.await("fuzzed connections to end").atMost(Duration.ofSeconds(10))
                    .until(() -> server.openConnections() == 0);
        }
    }

    private byte[] nextFrame() {
        switch (random.nextInt(6)) {
            case 0: // random bytes, no framing at all
                return randomBytes(random.nextInt(64));
            case 1: // a valid length with random payload
                return frame(randomBytes(random.nextInt(256)));
            case 2: // a frame cut short
                byte[] whole = frame(validRequest().getBytes(StandardCharsets.UTF_8));
                byte[] cut = new byte[random.nextInt(whole.length)];
                System.arraycopy(whole, 0, cut, 0, cut.length);
                return cut;
            case 3: // an absurd length
                return ByteBuffer.allocate(4).putInt(random.nextInt()).array();
            case 4: // JSON of the wrong shape
                String[] shapes = {"null", "42", "\"x\"", "[]", "{\"id\":1.5,\"command\":\"echo\"}",
                    "{\"id\":1,\"command\":{\"a\":1}}", "{\"id\":1,\"command\":\"fail\",\"args\":{\"code\":\"?\"}}",
                    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "{\"id\":99999999999999999999999,\"command\":\"echo\"}"};
                return frame(shapes[random.nextInt(shapes.length)].getBytes(StandardCharsets.UTF_8));
            default: // a valid request, so connections carry a mix
                return frame(validRequest().getBytes(StandardCharsets.UTF_8));
        }
    }

    private String validRequest() {
        return "{\"id\":" + random.nextInt(1000) + ",\"command\":\"echo\",\"client_id\":\"c\",\"args\":{}}";
    }

    private byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    private static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }
}
