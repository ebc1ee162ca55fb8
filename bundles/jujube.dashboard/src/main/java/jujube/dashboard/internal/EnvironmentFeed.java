package jujube.dashboard.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import jujube.lib.threads.CoalescedRuns;
import jujube.lib.threads.ThreadFactories;
import jujube.state.StateConnection;
import jujube.state.Watch;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The environment as the pages see it, followed through the state's overview watch: at each change it reads
 * the overview once, compares it with the last view and hands the differences, as JSON, to every browser
 * following it. However many browsers follow, the state is read once per change.
 */
@Component(service = EnvironmentFeed.class)
public final class EnvironmentFeed {
    /** Events a slow browser may fall behind by before it is dropped (its page reconnects and starts afresh). */
    static final int BACKLOG = 256;
    private static final Logger LOG = LoggerFactory.getLogger(EnvironmentFeed.class);
    private final ObjectMapper json = new ObjectMapper();
    private final StateConnection state;
    private final Set<BlockingQueue<String>> followers = new CopyOnWriteArraySet<>();
    private final ExecutorService reader;
    private volatile Watch watch;
    private Map<String, Map<String, Object>> view = new TreeMap<>();

    /**
     * Reads nothing here: activation runs on whichever thread first asks for a servlet (FileInstall's,
     * starting the controller's bundles), and a read blocks until ZooKeeper is up, which may be a bundle
     * that thread has yet to start. The watch and every read run on the feed's own thread.
     */
    @Activate
    public EnvironmentFeed(@Reference StateConnection state) {
        this.state = state;
        this.reader = Executors.newSingleThreadExecutor(ThreadFactories.daemon("jujube-dashboard-feed"));
        CoalescedRuns refreshes = new CoalescedRuns(reader, this::refresh);
        reader.execute(() -> {
            Watch w = state.watchOverview(change -> refreshes.request());
            watch = w;
            if (reader.isShutdown()) {
                w.close(); // deactivated meanwhile
                return;
            }
            refresh();
        });
    }

    private EnvironmentFeed() {
        this.state = null;
        this.reader = null;
    }

    /** A feed that follows nothing: views are handed to {@link #publish} by the caller (tests, benchmarks). */
    static EnvironmentFeed detached() {
        return new EnvironmentFeed();
    }

    @Deactivate
    void stop() {
        if (reader != null) {
            reader.shutdownNow();
        }
        Watch w = watch;
        if (w != null) {
            w.close();
        }
        followers.clear();
    }

    /** Reads the overview and sends what changed; a failed read waits for the next change. */
    void refresh() {
        try {
            Map<String, Map<String, Object>> now = EnvironmentView.of(state.overview());
            publish(now);
        } catch (RuntimeException e) {
            // the connection may be down: the watch fires again when it is back
            LOG.debug("cannot read the environment for the dashboard: {}", e.toString());
        }
    }

    synchronized void publish(Map<String, Map<String, Object>> now) {
        ViewDiff diff = ViewDiff.between(view, now);
        view = now;
        if (diff.isEmpty()) {
            return;
        }
        String event = event("diff", Map.of("set", diff.set(), "removed", diff.removed()));
        for (BlockingQueue<String> f : followers) {
            if (!f.offer(event)) {
                followers.remove(f);
                f.clear();
                f.offer(""); // tells the follower it was dropped
            }
        }
    }

    /**
     * A new follower: the whole view as its first event, then the differences as they come. An empty event
     * means it fell behind and was dropped.
     */
    synchronized BlockingQueue<String> follow() {
        BlockingQueue<String> q = new ArrayBlockingQueue<>(BACKLOG);
        q.add(event("snapshot", Map.of("set", view, "removed", List.of())));
        followers.add(q);
        return q;
    }

    void unfollow(BlockingQueue<String> follower) {
        followers.remove(follower);
    }

    private String event(String name, Object data) {
        try {
            return "event: " + name + "\ndata: " + json.writeValueAsString(data) + "\n\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a view is maps, lists and plain values", e);
        }
    }
}
