package jujube.hooks.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import jujube.hooks.HookOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hook's stdout and stderr, carried by two named pipes and read line by line by two tasks on the
 * invoker's reader threads (pooled: starting and ending two threads per hook cost more than the reads).
 * Why not the JDK's process pipes: a child the hook leaves running in the background keeps them open,
 * and a thread blocked reading one can be released neither by close nor by interrupt. A {@link FileChannel} on a FIFO can be closed under a blocked reader, so after the
 * hook exits the invoker waits a short grace period for the last output and then simply closes the
 * pipes (such a child then gets EPIPE on its next write, as with Go's {@code exec.Cmd.WaitDelay}).
 */
final class OutputPipes implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OutputPipes.class);
    private static final Duration JOIN_AFTER_CLOSE = Duration.ofSeconds(5);

    private final FifoPool.Pair fifos;
    private final Path stdoutFifo;
    private final Path stderrFifo;
    private final List<FileChannel> writeHolders;
    private final FileChannel stdoutChannel;
    private final FileChannel stderrChannel;
    private final Executor readerThreads;
    private final String readerName;
    private final CountDownLatch readersDone = new CountDownLatch(2);
    private final HookOutput sink;
    private final Object sinkLock = new Object();
    private boolean delivering = true; // guarded by sinkLock

    /**
     * @param readerThreads runs the two reader tasks; each renames its thread {@code threadName-stdout}
     *                      or {@code -stderr} while it reads
     */
    OutputPipes(FifoPool pool, Executor readerThreads, String threadName, HookOutput sink)
            throws IOException, InterruptedException {
        this.sink = sink;
        this.readerThreads = readerThreads;
        this.readerName = threadName;
        fifos = pool.take(); // a pair no hook used before: a left-over child cannot hold it
        stdoutFifo = fifos.stdout();
        stderrFifo = fifos.stderr();
        List<FileChannel> opened = new ArrayList<>();
        try {
            // Opening read-write first never blocks and keeps a writer present, so the read-only end
            // opens at once and sees no end-of-file before the hook has opened its own write ends.
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

    /** Where the hook's stdout goes. */
    Path stdout() {
        return stdoutFifo;
    }

    /** Where the hook's stderr goes. */
    Path stderr() {
        return stderrFifo;
    }

    /** The hook holds its write ends now: let end-of-file mean "every writer is gone" and read. */
    void processStarted() {
        closeHolders();
        read(stdoutChannel, HookOutput::stdout, "-stdout");
        read(stderrChannel, HookOutput::stderr, "-stderr");
    }

    /**
     * Waits up to {@code grace} for every writer to close the pipes, then closes them; no line is
     * delivered after this returns.
     */
    void finish(Duration grace) throws InterruptedException {
        if (!readersDone.await(grace.toNanos(), TimeUnit.NANOSECONDS)) {
            LOG.debug("hook output still open after the hook exited: closing it");
        }
        close();
        readersDone.await(JOIN_AFTER_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
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

    private void read(FileChannel channel, BiConsumer<HookOutput, String> stream, String suffix) {
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
            // The invoker is shutting down: nobody will read this output.
            closeQuietly(channel);
            readersDone.countDown();
        }
    }

    private void pump(FileChannel channel, BiConsumer<HookOutput, String> stream) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                deliver(stream, line);
            }
        } catch (ClosedChannelException e) {
            // closed by finish() or close(): the hook is over
        } catch (IOException e) {
            LOG.debug("reading hook output failed", e);
        }
    }

    private void deliver(BiConsumer<HookOutput, String> stream, String line) {
        synchronized (sinkLock) {
            if (!delivering) {
                return;
            }
            try {
                stream.accept(sink, line);
            } catch (RuntimeException e) {
                LOG.warn("hook output sink failed", e);
            }
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
            LOG.debug("closing a hook output pipe failed", e);
        }
    }
}
