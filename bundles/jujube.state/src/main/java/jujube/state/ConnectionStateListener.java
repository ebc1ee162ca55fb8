package jujube.state;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told of every change of the connection state. In a framework, register it as a service (the
 * whiteboard pattern): the connection component calls every listener it finds.
 */
@ConsumerType
@FunctionalInterface
public interface ConnectionStateListener {
    void connectionStateChanged(ConnectionState newState);
}
