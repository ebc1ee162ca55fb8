package jujube.state.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import jujube.model.LogRecord;
import jujube.state.ConnectionConfig;
import jujube.state.CountingZooKeeper;
import jujube.state.DebugLog;
import jujube.state.DebugLogPublisher;
import jujube.state.EnvironmentSettings;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;

/**
 * A harness, not a test: what publishing to the debug log always (not only while a {@code debug-log}
 * runs) costs, on a connection to an in-process ZooKeeper. A "hook" publishes what a short hook does: its
 * start, two output lines, a {@code juju-log} line and its result (5 records, of typical length).
 *
 * <ul>
 *   <li>the hook's side: {@link DebugLogPublisher#publish} per record, median and 99th percentile;</li>
 *   <li>ZooKeeper's side: requests per hook once the writer's ring is full (each record is a create, plus
 *       the trim's listing and deletes), hooks run one at a time with the queue drained between them
 *       (the worst case: no batching across hooks), and bytes per stored record;</li>
 *   <li>a flood: {@code bench.flood} records (100,000) published at once, as a hook printing in a loop
 *       would, against the 1,000-record queue: how long publishing took and how many were dropped.</li>
 * </ul>
 */
public final class DebugLogPublishBench {
    private static final int HOOKS = Integer.getInteger("bench.hooks", 400);
    private static final int FLOOD = Integer.getInteger("bench.flood", 100_000);

    private DebugLogPublishBench() {}

    public static void main(String[] args) throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper()) {
            ConnectionConfig config = new ConnectionConfig(zk.connectString(), Duration.ofSeconds(30),
                    Duration.ofSeconds(10), "log", List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN)));
            try (StateConnection state = StateConnections.open(config, List.of())) {
                state.awaitConnected(Duration.ofSeconds(10));
                state.initialize(new EnvironmentSettings("bench", "local", "local", "i-0"));
                DebugLogPublisher publisher = state.debugLog().publisher();
                System.out.printf("machine: %d cores, %s %s, %s; %d hooks of 5 records%n",
                        Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                        System.getProperty("os.version"), System.getProperty("java.version"), HOOKS);
                // fill the ring first, so that every later append trims
                for (int i = 0; i < DebugLog.RETAINED_RECORDS / 5 + 1; i++) {
                    hook(publisher, i, null);
                    drain(zk);
                }
                long[] nanos = new long[HOOKS * 5];
                long requests = 0;
                for (int i = 0; i < HOOKS; i++) {
                    long before = zk.requests();
                    hook(publisher, i, nanos);
                    drain(zk);
                    requests += zk.requests() - before;
                }
                Arrays.sort(nanos);
                System.out.printf("publish() on the hook's thread: median %d ns, p99 %d ns, max %d ns%n",
                        nanos[nanos.length / 2], nanos[nanos.length * 99 / 100], nanos[nanos.length - 1]);
                System.out.printf("ZooKeeper requests per hook, drained between hooks: %.1f (%.1f per record)%n",
                        requests / (double) HOOKS, requests / (double) (HOOKS * 5));
                List<CountingZooKeeper.NodeSize> records = zk.nodesUnder("/log/logs").stream()
                        .filter(n -> n.path().contains("/log-")).toList();
                System.out.printf("stored: %d records, mean %.0f bytes of data each, %d bytes in all%n", records.size(),
                        records.stream().mapToInt(CountingZooKeeper.NodeSize::bytes).average().orElse(0),
                        records.stream().mapToInt(CountingZooKeeper.NodeSize::bytes).sum());
                long dropped = publisher.dropped();
                long start = System.nanoTime();
                for (int i = 0; i < FLOOD; i++) {
                    publisher.publish(new LogRecord("mysql/0", "hook.output", "INFO", "install: line " + i, Instant.now()));
                }
                long took = System.nanoTime() - start;
                System.out.printf("flood of %d records: published in %d ms (%.0f ns each), %d dropped%n", FLOOD,
                        took / 1_000_000, took / (double) FLOOD, publisher.dropped() - dropped);
                drain(zk);
            }
        }
    }

    private static int next;

    /** Publishes one hook's records; their publish times go to {@code nanos} when given. */
    private static void hook(DebugLogPublisher publisher, int i, long[] nanos) {
        String hook = "db-relation-changed (relation-" + i + ", remote mysql/" + i % 7 + ")";
        List<LogRecord> records = List.of(
                new LogRecord("blog/0", "unit.hook", "INFO", "running hook " + hook, Instant.now()),
                new LogRecord("blog/0", "hook.output", "INFO", "db-relation-changed: Configuring WordPress database", Instant.now()),
                new LogRecord("blog/0", "hook.output", "INFO", "db-relation-changed: wp-config.php written", Instant.now()),
                new LogRecord("blog/0", "unit.hook.api", "INFO", "db-relation-changed: database ready", Instant.now()),
                new LogRecord("blog/0", "unit.hook", "INFO", "hook " + hook + " succeeded", Instant.now()));
        for (LogRecord r : records) {
            long start = System.nanoTime();
            publisher.publish(r);
            long took = System.nanoTime() - start;
            if (nanos != null) {
                nanos[next++ % nanos.length] = took;
            }
        }
    }

    /** Waits until ZooKeeper has had no request for 200 ms: the writer drained the queue. */
    private static void drain(CountingZooKeeper zk) throws InterruptedException {
        long seen = -1;
        while (zk.requests() != seen) {
            seen = zk.requests();
            Thread.sleep(200);
        }
    }
}
