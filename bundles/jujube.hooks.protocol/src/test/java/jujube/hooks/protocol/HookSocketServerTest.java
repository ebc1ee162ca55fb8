package jujube.hooks.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jujube.testkit.Polling;
import jujube.testkit.ShortTempDir;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookSocketServerTest {
    /** Waits for the server's threads: every 2 ms. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(2));

    private final ObjectMapper mapper = new ObjectMapper();
    // Unix socket paths must stay under 108 bytes: keep the directory short.
    @TempDir(factory = ShortTempDir.class)
    Path dir;
    private Path socket;
    private HookSocketServer server;

    @BeforeEach
    void start() throws IOException {
        socket = dir.resolve("agent.socket");
        server = HookSocketServer.start(socket, new EchoHandler(), mapper,
                new ServerLimits(4, 64, Duration.ofMillis(500)));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    @Test
    void answers_a_command_with_its_result() throws Exception {
        try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
            ObjectNode args = mapper.createObjectNode().put("k", "v");
            JsonNode result = client.call("echo", "hook-1", args);
            assertEquals("hook-1", result.get("client_id").asText());
            assertEquals("v", result.at("/args/k").asText());
            // The same connection serves a second call with the next id.
            assertEquals("v", client.call("echo", null, args).at("/args/k").asText());
        }
    }

    @Test
    void answers_handler_errors_with_their_code() throws Exception {
        try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
            ProtocolException e = assertThrows(ProtocolException.class, () -> client.call("fail", "c",
                    mapper.createObjectNode().put("code", "NoSuchClient").put("message", "expired")));
            assertEquals(ErrorCode.NO_SUCH_CLIENT, e.code());
            assertEquals("expired", e.error().message());
            assertEquals(ErrorCode.BAD_REQUEST,
                    assertThrows(ProtocolException.class, () -> client.call("nope", "c", null)).code());
            assertEquals(ErrorCode.INTERNAL_ERROR,
                    assertThrows(ProtocolException.class, () -> client.call("crash", "c", null)).code());
            assertEquals("c", client.call("echo", "c", null).get("client_id").asText());
        }
    }

    @Test
    void bad_frames_get_bad_request_and_the_connection_stays_usable() throws Exception {
        try (RawConnection raw = new RawConnection(socket, mapper)) {
            for (String bad : List.of("{not json", "", "[1,2]", "{\"id\":\"x\",\"command\":\"echo\"}",
                    "{\"id\":7}", "{\"id\":7,\"command\":\"echo\",\"args\":[]}", "{\"id\":7,\"command\":\"echo\"} x",
                    "{\"id\":7,\"command\":\"echo\",\"client_id\":5}")) {
                JsonNode answer = raw.readAnswerAfter(bad);
                assertEquals("BadRequest", answer.at("/error/code").asText(), bad);
            }
            JsonNode answer = raw.readAnswerAfter("{\"id\":7,\"command\":\"echo\",\"args\":{}}");
            assertEquals(7, answer.get("id").asInt());
            assertTrue(answer.has("result"));
            // An invalid request that carries an id gets it echoed.
            assertEquals(9, raw.readAnswerAfter("{\"id\":9,\"command\":\"\"}").get("id").asInt());
        }
    }

    @Test
    void an_oversized_frame_is_refused_and_the_connection_closed() throws Exception {
        try (RawConnection raw = new RawConnection(socket, mapper)) {
            raw.writeRaw(ByteBuffer.allocate(4).putInt(FrameCodec.MAX_REQUEST_BYTES + 1).array());
            JsonNode answer = raw.readAnswer().orElseThrow();
            assertEquals("BadRequest", answer.at("/error/code").asText());
            assertTrue(answer.get("id").isNull());
            assertTrue(raw.readAnswer().isEmpty(), "connection closed after an oversized frame");
        }
        try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
            assertTrue(client.call("echo", "c", null).has("args"));
        }
    }

    @Test
    void a_frame_of_exactly_the_limit_is_read() throws Exception {
        StringBuilder json = new StringBuilder("{\"id\":1,\"command\":\"echo\",\"args\":{\"pad\":\"");
        int target = FrameCodec.MAX_REQUEST_BYTES - 3;
        while (json.length() < target) {
            json.append('x');
        }
        json.append("\"}}");
        try (RawConnection raw = new RawConnection(socket, mapper)) {
            assertEquals(FrameCodec.MAX_REQUEST_BYTES, json.length());
            assertTrue(raw.readAnswerAfter(json.toString()).has("result"));
        }
    }

    @Test
    void a_stalled_client_is_disconnected_after_the_idle_timeout() throws Exception {
        try (RawConnection raw = new RawConnection(socket, mapper)) {
            raw.writeRaw(new byte[] {0, 0});
            long start = System.nanoTime();
            assertTrue(raw.readAnswer().isEmpty(), "the server hangs up on a stalled client");
            assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 5_000);
        }
        POLLING.await("connections to end").atMost(Duration.ofSeconds(5)).until(() -> server.openConnections() == 0);
    }

    @Test
    void the_socket_is_owner_only_and_a_stale_file_is_replaced() throws Exception {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
        server.close();
        Files.writeString(socket, "stale");
        server = HookSocketServer.start(socket, new EchoHandler(), mapper, ServerLimits.defaults());
        try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
            assertTrue(client.call("echo", "c", null).has("args"));
        }
    }

    @Test
    void close_stops_every_thread_and_removes_the_socket() throws Exception {
        RawConnection idle = new RawConnection(socket, mapper);
        POLLING.await("the connection").atMost(Duration.ofSeconds(5)).until(() -> server.openConnections() == 1);
        server.close();
        assertFalse(Files.exists(socket));
        POLLING.await("threads to stop").atMost(Duration.ofSeconds(5)).until(() -> SocketThreads.count() == 0);
        assertTrue(idle.readAnswer().isEmpty());
        idle.close();
    }

    @Test
    void serves_many_concurrent_clients() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(12);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int c = 0; c < 12; c++) {
                String clientId = "client-" + c;
                results.add(clients.submit(() -> {
                    int served = 0;
                    for (int i = 0; i < 100; i++) {
                        // A fresh connection per call, as a hook tool process does.
                        try (HookSocketClient client = HookSocketClient.connect(socket, mapper)) {
                            if (clientId.equals(client.call("echo", clientId, null).get("client_id").asText())) {
                                served++;
                            }
                        }
                    }
                    return served;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(100, result.get());
            }
        } finally {
            clients.shutdownNow();
        }
        assertTrue(SocketThreads.count() <= 5, "at most 4 workers and the acceptor");
    }
}
