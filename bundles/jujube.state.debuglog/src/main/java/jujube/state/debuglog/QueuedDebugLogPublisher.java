package jujube.state.debuglog;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import jujube.lib.threads.ThreadFactories;
import jujube.state.DebugLogPublisher;
import jujube.model.LogRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link DebugLogPublisher}: a bounded queue in front of one daemon writer thread
 * ({@code jujube-state-debuglog-N}) that appends what it finds there in batches. {@link #publish} offers
 * to the queue and touches neither ZooKeeper nor a lock; a full queue drops the record, counted.
 */
final class QueuedDebugLogPublisher implements DebugLogPublisher, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QueuedDebugLogPublisher.class);
    private static final ThreadFactory THREADS = ThreadFactories.numbered("jujube-state-debuglog");
    /** Records waiting at most: a few seconds of a busy machine's hooks; about 2 MiB at worst. */
    static final int CAPACITY = 1000;
    private static final int BATCH = 200;
    static final String CHANNEL = "debug-log";

    private final BlockingQueue<LogRecord> queue;
    private final Function<List<LogRecord>, List<LogRecord>> writer;
    private final Clock clock;
    private final Map<String, AtomicLong> droppedByAgent = new ConcurrentHashMap<>();
    private final AtomicLong dropped = new AtomicLong();
    private final Thread thread;
    private volatile boolean closed;

    private QueuedDebugLogPublisher(Function<List<LogRecord>, List<LogRecord>> writer, int capacity, Clock clock) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.writer = writer;
        this.clock = clock;
        this.thread = THREADS.newThread(this::run);
    }

    /**
     * A started publisher.
     *
     * @param writer appends a batch of records and returns those it could not (a writer's log full), throwing a
     *     runtime exception when it could write none
     */
    static QueuedDebugLogPublisher start(Function<List<LogRecord>, List<LogRecord>> writer) {
        return start(writer, CAPACITY, Clock.systemUTC());
    }

    static QueuedDebugLogPublisher start(Function<List<LogRecord>, List<LogRecord>> writer, int capacity, Clock clock) {
        QueuedDebugLogPublisher publisher = new QueuedDebugLogPublisher(writer, capacity, clock);
        publisher.thread.start();
        return publisher;
    }

    @Override
    public void publish(LogRecord record) {
        if (closed) {
            return;
        }
        if (!queue.offer(record)) {
            drop(record.unit(), 1);
        }
    }

    @Override
    public long dropped() {
        return dropped.get();
    }

    private void drop(String agent, long count) {
        dropped.addAndGet(count);
        droppedByAgent.computeIfAbsent(agent, a -> new AtomicLong()).addAndGet(count);
    }

    private void run() {
        List<LogRecord> batch = new ArrayList<>(BATCH);
        while (!closed) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                return; // closed
            }
            queue.drainTo(batch, BATCH - 1);
            write(batch);
            batch.clear();
        }
    }

    /** Writes a batch, with an account of what was dropped before it; a failure drops the batch, counted. */
    private void write(List<LogRecord> batch) {
        Map<String, Long> losses = new java.util.TreeMap<>();
        droppedByAgent.forEach((agent, count) -> {
            long n = count.getAndSet(0);
            if (n > 0) {
                losses.put(agent, n);
            }
        });
        List<LogRecord> records = new ArrayList<>(batch.size() + losses.size());
        losses.forEach((agent, n) -> records.add(new LogRecord(agent, CHANNEL, "WARNING",
                n + " debug-log record(s) of " + agent + " dropped: ZooKeeper did not keep up", clock.instant())));
        records.addAll(batch);
        try {
            writer.apply(records).forEach(r -> drop(r.unit(), 1));
        } catch (RuntimeException e) {
            if (closed) {
                return;
            }
            LOG.debug("debug-log records not written: {}", e.toString());
            losses.forEach((agent, n) -> droppedByAgent.computeIfAbsent(agent, a -> new AtomicLong()).addAndGet(n));
            batch.forEach(r -> drop(r.unit(), 1));
        }
    }

    /** Stops the writer (a write in progress is given a moment); queued records are dropped. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        queue.clear();
    }
}
