package jujube.state.store;

import jujube.state.store.SharedCaches;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Watches of one path in one connection share one cache, opened by the first and closed by the last. */
class SharedCachesTest extends CuratorFixture {
    /** Waits for what the caches do in Curator's threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Awaitility.with().atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(10)).dontCatchUncaughtExceptions();

    private SharedCaches caches;

    @BeforeEach
    void start() throws Exception {
        client.create().forPath("/node", bytes("one"));
        caches = new SharedCaches(client);
    }

    @Test
    void two_watches_of_one_path_share_one_cache_and_both_see_every_change() throws Exception {
        List<String> first = new CopyOnWriteArrayList<>();
        List<String> second = new CopyOnWriteArrayList<>();
        SharedCaches.Subscription a = caches.subscription("/node", true, (s, cache, path) -> first.add(value(cache)));
        a.open();
        POLLING.until(() -> first.contains("one"));
        // opened after the load: called at once with what the cache holds
        SharedCaches.Subscription b = caches.subscription("/node", true, (s, cache, path) -> second.add(value(cache)));
        b.open();
        assertEquals(List.of("one"), second);
        assertEquals(1, caches.openCount());

        client.setData().forPath("/node", bytes("two"));
        POLLING.until(() -> first.contains("two") && second.contains("two"));

        a.close();
        assertEquals(1, caches.openCount(), "the other watch still uses it");
        client.setData().forPath("/node", bytes("three"));
        POLLING.until(() -> second.contains("three"));
        assertTrue(!first.contains("three"), "a closed subscription is not called");

        b.close();
        assertEquals(0, caches.openCount(), "closed with its last subscriber");
    }

    @Test
    void a_subscription_closed_before_it_opened_never_opens_a_cache() {
        SharedCaches.Subscription s = caches.subscription("/node", true, (sub, cache, path) -> {});
        s.close();
        s.open();
        assertEquals(0, caches.openCount());
    }

    @Test
    void a_node_and_the_subtree_below_it_are_different_caches() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        SharedCaches.Subscription node = caches.subscription("/node", true, (s, cache, path) -> seen.add("node"));
        SharedCaches.Subscription tree = caches.subscription("/node", false, (s, cache, path) -> seen.add("tree"));
        node.open();
        tree.open();
        assertEquals(2, caches.openCount());
        POLLING.until(() -> seen.contains("node") && seen.contains("tree"));
        node.close();
        tree.close();
        assertEquals(0, caches.openCount());
    }

    private static String value(CuratorCache cache) {
        return cache.get("/node").map(d -> new String(d.getData(), StandardCharsets.UTF_8)).orElse("");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
