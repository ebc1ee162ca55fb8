package jujube.state.store;

import jujube.state.store.AccessControl;
import jujube.state.store.NodeReader;

import jujube.access.policy.Principals;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.data.Id;
import org.junit.jupiter.api.Test;

/**
 * A principal's token, which every ACL naming it needs, is read with the bare ZooKeeper client: a server
 * lost at that moment (a leader killed, a server restarted) must not fail the command that asked.
 */
class AccessControlTokenTest extends CuratorFixture {
    @Test
    void a_token_read_while_the_server_is_down_is_read_once_it_is_back() throws Exception {
        client.create().creatingParentsIfNeeded().forPath(AccessControl.TOKENS + "/environment",
                "{\"digest\":\"environment:abc\"}".getBytes(StandardCharsets.UTF_8));
        AccessControl access = new AccessControl("", List.of(admin));
        access.bind(client, new NodeReader(client), () -> null);

        zk.stop();
        CompletableFuture<Id> token = CompletableFuture.supplyAsync(() -> access.token("environment"));
        Thread.sleep(700); // an outage the read must outlive, not a wait for a condition
        zk.restart();

        assertEquals(new Id(Principals.DIGEST, "environment:abc"), token.get(30, TimeUnit.SECONDS));
    }
}
