package jujube.hooks.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hook started by {@link PosixSpawn}, as a {@link Process}, so that the invoker, its slots and
 * {@link ProcessGroups} treat it like one the JDK started. Its end is watched through a pidfd: a wait
 * polls it in slices of {@link #SLICE_MILLIS}, so an interrupt is seen within one slice (a thread in a
 * C call cannot be interrupted). The lock is not held while polling, so {@link #destroy} from
 * another thread is never kept waiting. A pidfd closed meanwhile by another thread's reaping polls as
 * ready or idle, and the loop then finds the process ended. Nothing else reaps the child, so its pid stays its own (a zombie at
 * worst) until this process has seen it end: {@link #destroy} never signals a stranger.
 * Exit statuses are folded as the JDK does: 128 + N for "killed by signal N". Its streams are empty:
 * the hook's output goes to named pipes.
 */
final class PosixProcess extends Process {
    static final int SLICE_MILLIS = 200;
    private static final Logger LOG = LoggerFactory.getLogger(PosixProcess.class);

    private final PosixSpawn posix;
    private final int pid;
    private int pidfd; // guarded by this; -1 once closed
    private OptionalInt exitValue = OptionalInt.empty(); // guarded by this

    PosixProcess(PosixSpawn posix, int pid) throws IOException {
        this.posix = posix;
        this.pid = pid;
        this.pidfd = posix.pidfdOpen(pid);
    }

    @Override
    public int waitFor() throws InterruptedException {
        while (!waitFor(1, TimeUnit.DAYS)) {
            // a day at a time: keeps the deadline arithmetic far from overflow
        }
        return exitValue();
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!ended()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            if (posix.pollReadable(pidfd(), (int) Math.min(left, SLICE_MILLIS)) < 0) {
                Thread.sleep(10); // a signal cut the poll short; do not spin if it keeps failing
            }
        }
        return true;
    }

    @Override
    public synchronized int exitValue() {
        if (!ended()) {
            throw new IllegalThreadStateException("process " + pid + " has not exited");
        }
        return exitValue.getAsInt();
    }

    @Override
    public synchronized boolean isAlive() {
        return !ended();
    }

    @Override
    public void destroy() {
        signal(PosixSpawn.SIGTERM);
    }

    @Override
    public Process destroyForcibly() {
        signal(PosixSpawn.SIGKILL);
        return this;
    }

    @Override
    public boolean supportsNormalTermination() {
        return true;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public ProcessHandle toHandle() {
        return ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("process " + pid + " is gone"));
    }

    @Override
    public Stream<ProcessHandle> descendants() {
        return ProcessHandle.of(pid).map(ProcessHandle::descendants).orElseGet(Stream::empty);
    }

    @Override
    public OutputStream getOutputStream() {
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }

    private synchronized void signal(int signal) {
        if (ended()) {
            return; // reaped: the pid may already be someone else's
        }
        try {
            posix.kill(pid, signal);
        } catch (IOException e) {
            LOG.debug("signal {} to hook process {} failed: {}", signal, pid, e.getMessage());
        }
    }

    /** The pidfd to poll (outside the lock: a wait must not keep {@link #destroy} out). */
    private synchronized int pidfd() {
        return pidfd;
    }

    /** Reaps the child if it has ended (never blocks); true once it has. */
    private synchronized boolean ended() {
        if (exitValue.isPresent()) {
            return true;
        }
        try {
            OptionalInt status = posix.reap(pid);
            if (status.isEmpty()) {
                return false;
            }
            exitValue = OptionalInt.of(fold(status.getAsInt()));
        } catch (IOException e) {
            // Only another reaper of our child could cause this; nothing in the agent does.
            LOG.warn("hook process {} could not be waited for ({}): counted as failed", pid, e.getMessage());
            exitValue = OptionalInt.of(255);
        }
        closePidfd();
        return true;
    }

    private void closePidfd() {
        try {
            posix.close(pidfd);
        } catch (IOException e) {
            LOG.debug("closing the pidfd of {} failed: {}", pid, e.getMessage());
        }
        pidfd = -1;
    }

    /** A wait status as the JDK reports it: the exit code, or 128 + the signal that killed it. */
    static int fold(int status) {
        int signal = status & 0x7f;
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal;
    }
}
