package jujube.zookeeper.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import jujube.lib.threads.ThreadFactories;
import org.apache.zookeeper.server.PurgeTxnLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the snapshots and transaction logs a server no longer needs, keeping the newest
 * {@link #RETAINED_SNAPSHOTS} snapshots and the logs after the oldest of them: ZooKeeper's own purge
 * ({@link PurgeTxnLog}, what its {@code autopurge} runs), every few seconds, where autopurge counts in
 * hours, in which a client rewriting its nodes could fill a disk. It only lists a directory when there is
 * nothing to remove.
 */
final class DataPurge implements AutoCloseable {
    static final int RETAINED_SNAPSHOTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(DataPurge.class);
    private final Path dataDir;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(ThreadFactories.daemon("jujube-zookeeper-purge"));

    /** Purges {@code dataDir} (the directory holding ZooKeeper's {@code version-2}) every {@code interval}. */
    DataPurge(Path dataDir, Duration interval) {
        this.dataDir = dataDir;
        timer.scheduleWithFixedDelay(this::purge, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One purge now; a failure is logged, and the next purge tries again. */
    void purge() {
        try {
            PurgeTxnLog.purge(dataDir.toFile(), dataDir.toFile(), RETAINED_SNAPSHOTS);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not purge ZooKeeper's old snapshots and logs in {}: {}", dataDir, e.toString());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
