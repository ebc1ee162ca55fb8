package jujube.state;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives a watch's changes, one call at a time and in order. Changes that happen while a call
 * runs are merged into the next call, never lost.
 */
@ConsumerType
@FunctionalInterface
public interface StateWatcher<T> {
    void changed(Change<T> change);
}
