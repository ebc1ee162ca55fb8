package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.Test;

class CountingZooKeeperTest {

    @Test
    void reading_a_node_counts_one_request_and_at_least_its_data_in_bytes_sent() throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper();
                CuratorFramework client = client(zk)) {
            client.start();
            client.create().forPath("/big", new byte[10_000]);
            long requests = zk.requests();
            long bytes = zk.bytesSent();
            assertEquals(10_000, client.getData().forPath("/big").length);
            assertEquals(1, zk.requests() - requests);
            // the server counts a reply once it is written, which may be just after the client has it
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(5))
                    .until(() -> zk.bytesSent() - bytes >= 10_000);
            long sent = zk.bytesSent() - bytes;
            // the data, its stat and the reply header: a little more than the data, never less
            assertTrue(sent >= 10_000 && sent < 10_200, "bytes sent for a 10,000-byte read: " + sent);
        }
    }

    @Test
    void the_walk_lists_every_node_under_the_root_with_its_size() throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper();
                CuratorFramework client = client(zk)) {
            client.start();
            client.create().creatingParentsIfNeeded().forPath("/env/a/b", new byte[3]);
            client.setData().forPath("/env/a", new byte[7]);
            long requests = zk.requests();
            Map<String, Integer> sizes = zk.nodesUnder("/env").stream()
                    .collect(Collectors.toMap(CountingZooKeeper.NodeSize::path, CountingZooKeeper.NodeSize::bytes));
            assertEquals(Map.of("/env", 0, "/env/a", 7, "/env/a/b", 3), sizes);
            assertEquals(requests, zk.requests(), "the walk reads the server's tree, not through a client");
            assertEquals(List.of(), zk.nodesUnder("/absent"));
        }
    }

    /**
     * A client that sends only what the test asks: Curator's ensemble tracker would read the server's
     * configuration on its own once connected, at a moment the count cannot predict.
     */
    private static CuratorFramework client(CountingZooKeeper zk) {
        return CuratorFrameworkFactory.builder().connectString(zk.connectString()).retryPolicy(new RetryOneTime(100))
                .ensembleTracker(false).build();
    }
}
