package jujube.state;

import java.util.Map;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One step of topology migration, from {@link #fromVersion()} to the next version. In a framework,
 * register it as a service; on the plain classpath list it in
 * {@code META-INF/services/jujube.state.TopologyMigration}. The state connection runs the steps in
 * order, under compare-and-set, before anything reads a topology older than it knows.
 */
@ConsumerType
public interface TopologyMigration {
    /** The version this step reads. */
    int fromVersion();

    /**
     * Returns the topology at {@code fromVersion() + 1}, version field included. Must leave
     * everything it does not migrate untouched and must not modify its argument.
     *
     * @throws CorruptStateException naming what it cannot migrate
     */
    Map<String, Object> migrate(Map<String, Object> topology);
}
