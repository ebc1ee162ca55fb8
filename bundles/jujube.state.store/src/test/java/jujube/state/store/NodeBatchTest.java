package jujube.state.store;

import jujube.state.store.NodeBatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import jujube.model.StateException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Batched reads: chunked multi-reads below the client's namespace, missing nodes, failures naming the node. */
class NodeBatchTest {
    private static TestingServer zk;
    private static CuratorFramework client;

    @BeforeAll
    static void start() throws Exception {
        zk = new TestingServer(true);
        client = CuratorFrameworkFactory.builder().connectString(zk.getConnectString()).namespace("batch")
                .retryPolicy(new RetryOneTime(100)).build();
        client.start();
        client.blockUntilConnected();
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        zk.close();
    }

    @Test
    void reads_more_nodes_than_one_chunk_in_order_with_missing_ones() throws Exception {
        int count = NodeBatch.CHUNK * 2 + 7;
        for (int i = 0; i < count; i += 2) {
            client.create().creatingParentsIfNeeded().forPath("/nodes/n" + i, bytes("value " + i));
        }
        NodeBatch batch = new NodeBatch(client);
        List<CompletableFuture<byte[]>> data = new ArrayList<>();
        List<CompletableFuture<Boolean>> exists = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            data.add(batch.data("/nodes/n" + i));
            exists.add(batch.exists("/nodes/n" + i));
        }
        batch.await();
        for (int i = 0; i < count; i++) {
            if (i % 2 == 0) {
                assertArrayEquals(bytes("value " + i), data.get(i).join(), "node " + i);
                assertTrue(exists.get(i).join(), "node " + i);
            } else {
                assertNull(data.get(i).join(), "node " + i);
                assertFalse(exists.get(i).join(), "node " + i);
            }
        }
        // the paths were read below the namespace, not at the root
        assertNull(client.usingNamespace(null).checkExists().forPath("/nodes"));
    }

    @Test
    void an_empty_batch_returns_at_once() {
        new NodeBatch(client).await();
    }

    @Test
    void a_node_that_cannot_be_read_fails_the_batch_naming_it() throws Exception {
        List<ACL> nobody = List.of(new ACL(ZooDefs.Perms.ALL, new Id("digest", "someone:c2VjcmV0c2VjcmV0c2VjcmV0c2U=")));
        client.create().withACL(nobody).forPath("/locked", bytes("x"));
        client.create().forPath("/open", bytes("y"));
        NodeBatch batch = new NodeBatch(client);
        CompletableFuture<byte[]> open = batch.data("/open");
        batch.data("/locked");
        StateException e = assertThrows(StateException.class, batch::await);
        assertTrue(e.getMessage().contains("/locked"), e.getMessage());
        assertEquals("y", new String(open.join(), StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
