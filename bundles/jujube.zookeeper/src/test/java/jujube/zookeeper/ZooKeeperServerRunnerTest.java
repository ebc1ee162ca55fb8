package jujube.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jujube.zookeeper.internal.ZooKeeperServerRunner;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZooKeeperServerRunnerTest {

    @Test
    void serves_on_a_chosen_port_and_keeps_its_data_directory(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000)) {
            assertTrue(zk.port() > 0);
            assertEquals("imok", fourLetterWord(zk.port(), "ruok"));
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.findAny().isPresent(), "the server wrote its data under " + dir);
        }
    }

    @Test
    void serves_authenticated_clients_only(@TempDir Path dir) throws Exception {
        try (ZooKeeperServerRunner zk = ZooKeeperServerRunner.start("127.0.0.1", 0, dir, 500, 30_000)) {
            try (ZooKeeper anonymous = connected(zk)) {
                KeeperException refused = assertThrows(KeeperException.class, () -> anonymous.exists("/", false));
                assertEquals(KeeperException.Code.SESSIONCLOSEDREQUIRESASLAUTH, refused.code());
            }
            try (ZooKeeper authenticated = connected(zk)) {
                authenticated.addAuthInfo("digest", "admin:secret".getBytes(StandardCharsets.UTF_8));
                assertNotNull(authenticated.exists("/", false));
            }
        }
    }

    private static ZooKeeper connected(ZooKeeperServerRunner zk) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper client = new ZooKeeper(zk.connectString(), 10_000, e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        assertTrue(connected.await(10, TimeUnit.SECONDS));
        return client;
    }

    private static String fourLetterWord(int port, String word) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            OutputStream out = s.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
    }
}
