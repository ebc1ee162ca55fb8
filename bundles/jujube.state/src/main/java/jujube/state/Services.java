package jujube.state;

import jujube.model.ServiceInfo;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/** The environment's services, their charm, config and exposure. */
@ProviderType
public interface Services {
    /** The longest service name: it is part of every unit's name, directory, log line and status. */
    int MAX_NAME_LENGTH = 64;

    /**
     * What is wrong with {@code name} as a service name (lower-case words joined by {@code -}, not
     * ending in a number, at most {@link #MAX_NAME_LENGTH} characters), empty when nothing is. The
     * message quotes at most the name's first 64 characters.
     */
    static Optional<String> problemWithName(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("a service needs a name");
        }
        String shown = name.length() <= MAX_NAME_LENGTH ? "'" + name + "'"
                : "'" + name.substring(0, MAX_NAME_LENGTH) + "...' (" + name.length() + " characters)";
        if (name.length() > MAX_NAME_LENGTH) {
            return Optional.of("invalid service name " + shown + ": at most " + MAX_NAME_LENGTH + " characters");
        }
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*")) {
            return Optional.of("invalid service name " + shown + ": lower-case words joined by '-', not ending in a number");
        }
        return Optional.empty();
    }

    /**
     * Adds a service running a published charm, with no units.
     *
     * @throws DuplicateServiceException when the name is taken
     * @throws NoSuchCharmException when the charm is not published
     */
    ServiceInfo add(String name, String charmId);

    /**
     * Adds a service with its options, its peer relations and its units, placed, as one transaction: when
     * anything fails (a node over its limit, a machine missing, the name taken meanwhile, the process
     * killed) nothing of it exists; a transaction that lost to a concurrent change is retried as a whole.
     *
     * @throws DuplicateServiceException when the name is taken
     * @throws NoSuchCharmException when the charm is not published
     * @throws NoSuchMachineException when the placement names a machine that does not exist
     * @throws NodeTooLargeException when the options are over what a node may hold
     * @throws TransactionTooLargeException when the transaction's request would pass ZooKeeper's limit
     * @since 3.1
     */
    DeployedService deploy(ServiceDeployment deployment);

    /** @throws NoSuchServiceException when there is no such service */
    ServiceInfo get(String name);

    /** Every service, by name. */
    List<ServiceInfo> list();

    /**
     * Removes the service, its units and all their nodes. Unit numbers of the name are never reused.
     *
     * @throws ServiceInRelationsException when the service still takes part in relations
     */
    void remove(String name);

    /** Switches the service to another published charm (upgrade-charm). */
    void setCharm(String name, String charmId);

    /** Only the explicitly set options; defaults come from the charm. */
    Map<String, Object> config(String name);

    /** Merges {@code changes} into the config; a null value unsets the option. */
    void updateConfig(String name, Map<String, Object> changes);

    void setExposed(String name, boolean exposed);

    boolean isExposed(String name);

    /** The names of the exposed services, from one reading of the topology. */
    Set<String> exposedServices();

    /** Watches the set of service names. */
    Watch watch(StateWatcher<Set<String>> watcher);

    /** Watches one service's explicitly set options. */
    Watch watchConfig(String name, StateWatcher<Map<String, Object>> watcher);
}
