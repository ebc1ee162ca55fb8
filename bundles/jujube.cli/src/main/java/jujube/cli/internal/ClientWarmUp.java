package jujube.cli.internal;

import jujube.lib.threads.Threads;
import jujube.state.curator.StateConnections;

/**
 * Initializes the ZooKeeper client on a daemon thread while the main thread parses the command line:
 * most commands connect, and the client's first set-up (loading its classes, binding the logging
 * back-end) then runs beside the start-up on another core.
 *
 * <p>A class rather than a lambda, so that the main thread does not link the JVM's first lambda here.
 */
public final class ClientWarmUp implements Runnable {
    private ClientWarmUp() {
    }

    /** Starts the warm-up; the thread, not the caller, is the first to touch the client's classes. */
    public static void start() {
        Threads.startDaemon("jujube-cli-warm-up", new ClientWarmUp());
    }

    @Override
    public void run() {
        StateConnections.warmUp();
    }
}
