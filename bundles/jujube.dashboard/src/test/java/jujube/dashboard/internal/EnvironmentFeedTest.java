package jujube.dashboard.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.Test;

class EnvironmentFeedTest {
    @Test
    void a_follower_gets_the_whole_view_then_only_what_changed() throws Exception {
        EnvironmentFeed feed = EnvironmentFeed.detached();
        feed.publish(EnvironmentView.of(Environments.blog(3, "started")));
        BlockingQueue<String> events = feed.follow();
        String snapshot = events.take();
        assertTrue(snapshot.startsWith("event: snapshot\n") && snapshot.contains("\"unit:blog/2\""), snapshot);

        feed.publish(EnvironmentView.of(Environments.blog(3, "started")));
        assertNull(events.poll(), "nothing changed, nothing sent");

        feed.publish(EnvironmentView.of(Environments.blog(3, "install_error")));
        String diff = events.take();
        assertTrue(diff.startsWith("event: diff\n") && diff.contains("\"unit:blog/0\"") && !diff.contains("blog/1"), diff);
    }

    @Test
    void a_follower_that_falls_behind_is_dropped() throws Exception {
        EnvironmentFeed feed = EnvironmentFeed.detached();
        BlockingQueue<String> events = feed.follow();
        for (int i = 0; i <= EnvironmentFeed.BACKLOG; i++) {
            feed.publish(EnvironmentView.of(Environments.blog(1, i % 2 == 0 ? "started" : "install_error")));
        }
        assertEquals("", events.take(), "told it was dropped");
        feed.publish(Map.of());
        assertNull(events.poll(), "and sent nothing more");
    }
}
