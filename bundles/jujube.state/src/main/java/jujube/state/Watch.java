package jujube.state;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A running watch. It delivers the current state once when started, then every change. After
 * {@link #stop()} and {@link #start()} it delivers only if the state differs from what it delivered last.
 */
@ProviderType
public interface Watch extends AutoCloseable {
    /** Stops watching; the last delivered value is kept. A call in progress finishes. */
    void stop();

    /** Starts again after {@link #stop()}. */
    void start();

    /** Stops for good. */
    @Override
    void close();
}
