package jujube.process.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import jujube.process.OutputLimits;
import jujube.process.ProcessOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process's stdout and stderr, carried by two named pipes and read line by line by two tasks on the
 * runner's reader threads (pooled: starting and ending two threads per process cost more than the reads),
 * within the {@link OutputLimits}: a line is read into a buffer of the line limit's size, never more (its
 * excess counted); lines past the process's line limit are counted, not passed on, and the sink is told
 * how many when the process ends ({@link ProcessOutput#dropped}); past the byte limit the {@code overflow}
 * action given at {@link #processStarted} runs once (the runner kills the process), and the rest is only
 * drained. Why not the JDK's process pipes: a child the process leaves running in the background keeps
 * them open, and a thread blocked reading one can be released neither by close nor by interrupt. A
 * {@link FileChannel} on a FIFO can be closed under a blocked reader, so after the process exits the
 * runner waits a short grace period for the last output and then simply closes the pipes (such a child
 * then gets EPIPE on its next write, as with Go's {@code exec.Cmd.WaitDelay}).
 */
final class OutputPipes implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OutputPipes.class);
    private static final Duration JOIN_AFTER_CLOSE = Duration.ofSeconds(5);
    private static final int READ_BYTES = 8192;

    private final FifoPool.Pair fifos;
    private final Path stdoutFifo;
    private final Path stderrFifo;
    private final List<FileChannel> writeHolders;
    private final FileChannel stdoutChannel;
    private final FileChannel stderrChannel;
    private final Executor readerThreads;
    private final String readerName;
    private final CountDownLatch readersDone = new CountDownLatch(2);
    private final ProcessOutput sink;
    private final OutputLimits limits;
    private final Object sinkLock = new Object();
    private boolean delivering = true; // guarded by sinkLock
    private long linesPassed; // guarded by sinkLock
    private long linesDropped; // guarded by sinkLock
    private long bytesDropped; // guarded by sinkLock
    private final AtomicLong bytesRead = new AtomicLong();
    private final AtomicBoolean overflowed = new AtomicBoolean();
    private volatile Runnable overflow = () -> { };

    /**
     * @param readerThreads runs the two reader tasks; each renames its thread {@code threadName-stdout}
     *                      or {@code -stderr} while it reads
     */
    OutputPipes(FifoPool pool, Executor readerThreads, String threadName, ProcessOutput sink, OutputLimits limits)
            throws IOException, InterruptedException {
        this.sink = sink;
        this.limits = limits;
        this.readerThreads = readerThreads;
        this.readerName = threadName;
        fifos = pool.take(); // a pair no process used before: a left-over child cannot hold it
        stdoutFifo = fifos.stdout();
        stderrFifo = fifos.stderr();
        List<FileChannel> opened = new ArrayList<>();
        try {
            // Opening read-write first never blocks and keeps a writer present, so the read-only end
            // opens at once and sees no end-of-file before the process has opened its own write ends.
            opened.add(FileChannel.open(stdoutFifo, StandardOpenOption.READ, StandardOpenOption.WRITE));
            opened.add(FileChannel.open(stderrFifo, StandardOpenOption.READ, StandardOpenOption.WRITE));
            opened.add(FileChannel.open(stdoutFifo, StandardOpenOption.READ));
            opened.add(FileChannel.open(stderrFifo, StandardOpenOption.READ));
        } catch (IOException e) {
            opened.forEach(OutputPipes::closeQuietly);
            deleteQuietly();
            throw e;
        }
        writeHolders = List.copyOf(opened.subList(0, 2));
        stdoutChannel = opened.get(2);
        stderrChannel = opened.get(3);
    }

    /** Where the process's stdout goes. */
    Path stdout() {
        return stdoutFifo;
    }

    /** Where the process's stderr goes. */
    Path stderr() {
        return stderrFifo;
    }

    /**
     * The process holds its write ends now: let end-of-file mean "every writer is gone" and read.
     *
     * @param overflow run once, on a reader thread, when the process's output passes the byte limit
     */
    void processStarted(Runnable overflow) {
        this.overflow = overflow;
        closeHolders();
        read(stdoutChannel, ProcessOutput::stdout, "-stdout");
        read(stderrChannel, ProcessOutput::stderr, "-stderr");
    }

    /**
     * Waits up to {@code grace} for every writer to close the pipes, then closes them; no line is
     * delivered after this returns.
     */
    void finish(Duration grace) throws InterruptedException {
        if (!readersDone.await(grace.toNanos(), TimeUnit.NANOSECONDS)) {
            LOG.debug("output still open after its process exited: closing it");
        }
        synchronized (sinkLock) {
            if (delivering && linesDropped > 0) {
                try {
                    sink.dropped(linesDropped, bytesDropped, limits.maxLines());
                } catch (RuntimeException e) {
                    LOG.warn("process output sink failed", e);
                }
            }
        }
        close();
        readersDone.await(JOIN_AFTER_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the process's output passed the byte limit. */
    boolean overflowed() {
        return overflowed.get();
    }

    /** Closes everything and stops delivering lines; idempotent. */
    @Override
    public void close() {
        synchronized (sinkLock) {
            delivering = false;
        }
        closeHolders();
        closeQuietly(stdoutChannel);
        closeQuietly(stderrChannel);
        deleteQuietly();
    }

    private void read(FileChannel channel, BiConsumer<ProcessOutput, String> stream, String suffix) {
        try {
            readerThreads.execute(() -> {
                Thread thread = Thread.currentThread();
                String idle = thread.getName();
                thread.setName(readerName + suffix);
                try {
                    pump(channel, stream);
                } finally {
                    thread.setName(idle);
                    readersDone.countDown();
                }
            });
        } catch (RejectedExecutionException e) {
            // The runner is closing: nobody will read this output.
            closeQuietly(channel);
            readersDone.countDown();
        }
    }

    private void pump(FileChannel channel, BiConsumer<ProcessOutput, String> stream) {
        try (channel) {
            LineBuffer line = new LineBuffer(limits.maxLineBytes());
            ByteBuffer chunk = ByteBuffer.allocate(READ_BYTES);
            boolean afterCr = false;
            for (int n = channel.read(chunk); n >= 0; n = channel.read(chunk)) {
                chunk.flip();
                if (limits.maxBytes() > 0 && bytesRead.addAndGet(n) > limits.maxBytes()) {
                    if (overflowed.compareAndSet(false, true)) {
                        LOG.debug("output passed {}: its process is killed", OutputLimits.describeBytes(limits.maxBytes()));
                        overflow.run();
                    }
                    chunk.clear();
                    continue; // drained, never looked at: the process is being killed
                }
                while (chunk.hasRemaining()) {
                    byte b = chunk.get();
                    if (b == '\n' && afterCr) {
                        afterCr = false; // the second half of a CRLF
                    } else if (b == '\n' || b == '\r') {
                        afterCr = b == '\r';
                        deliver(stream, line);
                    } else {
                        afterCr = false;
                        line.add(b);
                    }
                }
                chunk.clear();
            }
            if (!line.isEmpty() && !overflowed.get()) {
                deliver(stream, line); // a last line without its newline
            }
        } catch (ClosedChannelException e) {
            // closed by finish() or close(): the process is over
        } catch (IOException e) {
            LOG.debug("reading process output failed", e);
        }
    }

    private void deliver(BiConsumer<ProcessOutput, String> stream, LineBuffer line) {
        synchronized (sinkLock) {
            if (!delivering) {
                line.clear();
                return;
            }
            if (limits.maxLines() > 0 && linesPassed >= limits.maxLines()) {
                linesDropped++;
                bytesDropped += line.length() + 1;
                line.clear();
                return;
            }
            linesPassed++;
            deliverQuietly(stream, line.take());
        }
    }

    private void deliverQuietly(BiConsumer<ProcessOutput, String> stream, String line) {
        try {
            stream.accept(sink, line);
        } catch (RuntimeException e) {
            LOG.warn("process output sink failed", e);
        }
    }

    private void closeHolders() {
        writeHolders.forEach(OutputPipes::closeQuietly);
        // The open ends keep the pipes alive; the names are no longer needed.
        deleteQuietly();
    }

    private void deleteQuietly() {
        FifoPool.delete(fifos);
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("closing an output pipe failed", e);
        }
    }
}
