package jujube.hooks.posixspawn.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import jujube.process.spawn.SpawnedProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hook started by {@link PosixSpawn}. Its end is watched through a pidfd: a wait polls it in slices of
 * {@link #SLICE_MILLIS}, so an interrupt is seen within one slice (a thread in a C call cannot be
 * interrupted). The lock is not held while polling, so {@link #killGroup} from another thread is never kept
 * waiting. A pidfd closed meanwhile by another thread's reaping polls as ready or idle, and the loop then
 * finds the process ended. Nothing else reaps the child, so its pid stays its own (a zombie at worst) until
 * this process has seen it end: {@link #killGroup} never signals a stranger. Exit statuses are folded as
 * the JDK does: 128 + N for "killed by signal N".
 */
final class PosixProcess implements SpawnedProcess {
    static final int SLICE_MILLIS = 200;
    private static final Duration DAY = Duration.ofDays(1);
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
        while (!waitAtMost(DAY)) {
            // on to the next day
        }
        return exitValue();
    }

    @Override
    public boolean waitFor(Duration timeout) throws InterruptedException {
        Duration left = timeout;
        for (; left.compareTo(DAY) > 0; left = left.minus(DAY)) {
            if (waitAtMost(DAY)) {
                return true;
            }
        }
        return waitAtMost(left);
    }

    /** At most a day, which keeps the deadline arithmetic far from overflow. */
    private boolean waitAtMost(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
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

    /** Whether the process still runs (not yet reaped). */
    synchronized boolean isAlive() {
        return !ended();
    }

    @Override
    public long pid() {
        return pid;
    }

    /**
     * kill(2) with the negated pid reaches the whole group, even members the hook left behind; descendants
     * that made a group of their own are found, before the kill re-parents them, through their parents.
     */
    @Override
    public void killGroup() {
        List<ProcessHandle> descendants = ProcessHandle.of(pid).map(h -> h.descendants().toList()).orElse(List.of());
        signal(-pid, PosixSpawn.SIGKILL);
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    /** Sends {@code signal} to the process alone. */
    void signal(int signal) {
        signal(pid, signal);
    }

    private synchronized void signal(int target, int signal) {
        if (ended()) {
            return; // reaped: the pid, and so the group id, may already be someone else's
        }
        try {
            posix.kill(target, signal);
        } catch (IOException e) {
            LOG.debug("signal {} to {} failed: {}", signal, target, e.getMessage());
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
