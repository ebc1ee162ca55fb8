package jujube.hooks.tools;

import java.util.List;
import java.util.Map;
import jujube.model.Port;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What the hook tools read and change, keyed by the client id of the hook invocation that calls them.
 * The unit agent implements it over its hook contexts (in {@code jujube.hooks}); tests use a fake.
 *
 * <p>Contracts every implementation keeps:
 * <ul>
 *   <li>Thread-safe: tools of one hook may run concurrently (subshells).</li>
 *   <li>An unknown or expired {@code clientId} (including null, except for {@link #log}) fails with
 *       {@link jujube.hooks.protocol.ErrorCode#NO_SUCH_CLIENT}.</li>
 *   <li>A null {@code relationId} means the relation of the running relation hook; outside a relation
 *       hook that fails with {@code NOT_RELATION_CONTEXT}. An id of another relation fails with
 *       {@code NO_SUCH_RELATION}. Ids look like {@code db:3}.</li>
 *   <li>Reads come from a per-invocation cache: within one client id, each settings node is read from
 *       ZooKeeper once and then shows the same content, plus this hook's own writes.</li>
 *   <li>{@link #relationSet}, {@link #openPort} and {@link #closePort} are buffered: they become
 *       visible to other units only when the hook exits 0, merged onto the node's content then. A failed
 *       hook's writes are discarded.</li>
 * </ul>
 * Expected failures are {@link HookToolException}s; the tools turn them into exit code 1 and a one-line
 * message.
 */
@ConsumerType
public interface HookToolBackend {
    /**
     * The settings a unit has put on a relation.
     *
     * @param unit the unit, or null for the hook's remote unit (the tool has already applied
     *             {@code JUJU_REMOTE_UNIT}); {@code NO_SUCH_UNIT} when it is not in the relation
     */
    Map<String, String> relationGet(String clientId, String relationId, String unit) throws HookToolException;

    /**
     * Changes this unit's settings on a relation. An empty value deletes its key; other keys are kept.
     */
    void relationSet(String clientId, String relationId, Map<String, String> changes) throws HookToolException;

    /** The remote units currently in the relation, sorted. */
    List<String> relationList(String clientId, String relationId) throws HookToolException;

    /**
     * The ids of this unit's relations with a given relation name (the endpoint name in the charm).
     *
     * @param relationName the name, or null for the running relation hook's name
     */
    List<String> relationIds(String clientId, String relationName) throws HookToolException;

    /** The service's configuration: every option with its value or default; values are String, Long,
     *  Double or Boolean. Options without value nor default are absent. */
    Map<String, Object> configGet(String clientId) throws HookToolException;

    /**
     * Every option of the service's charm: {@link #configGet}'s, and the options without value nor
     * default mapped to null.
     *
     * @since 3.1
     */
    default Map<String, Object> configGetAll(String clientId) throws HookToolException {
        return configGet(clientId);
    }

    /** One of the unit's addresses; {@code NO_SUCH_KEY} when the unit does not know it yet. */
    String unitGet(String clientId, UnitAddress address) throws HookToolException;

    /**
     * The ports the unit has open, with this hook's own opens and closes applied, by protocol then number.
     *
     * @since 3.1
     */
    default List<Port> openedPorts(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "opened-ports is not served here");
    }

    /**
     * The unit's network for {@code binding}, one of its charm's endpoints.
     *
     * @param relationId a relation whose endpoint is the binding, or null
     * @throws HookToolException {@code NO_SUCH_KEY} for a binding the charm does not have
     * @since 3.1
     */
    default NetworkInfo networkGet(String clientId, String binding, String relationId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "network-get is not served here");
    }

    /** Asks for a port to be opened on the unit's machine when the service is exposed. */
    void openPort(String clientId, Port port) throws HookToolException;

    /** Withdraws a port opened earlier. Closing a port that is not open is not an error. */
    void closePort(String clientId, Port port) throws HookToolException;

    /**
     * Writes a message to the unit's log. A null or unknown client id is allowed: juju-log may be used
     * outside a hook, and the message is then logged without a hook context.
     */
    void log(String clientId, LogLevel level, String message) throws HookToolException;

    /**
     * Whether the unit leads its service, confirmed with ZooKeeper at this call: false when it cannot be.
     *
     * @since 3.2
     */
    default boolean isLeader(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "is-leader is not served here");
    }

    /**
     * The service's leader settings.
     *
     * @since 3.2
     */
    default Map<String, String> leaderGet(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "leader-get is not served here");
    }

    /**
     * Merges {@code changes} into the leader settings at once (an empty value deletes its key), if the unit
     * leads at that instant; {@code NOT_PERMITTED} otherwise, and nothing is written.
     *
     * @since 3.2
     */
    default void leaderSet(String clientId, Map<String, String> changes) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "leader-set is not served here");
    }

    /**
     * Sets the unit's workload status, or with {@code application} its application's, which only the
     * leader may ({@code NOT_PERMITTED} otherwise), at once. The status and message are valid.
     *
     * @since 3.2
     */
    default void statusSet(String clientId, boolean application, String status, String message)
            throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "status-set is not served here");
    }

    /**
     * The unit's workload status ({@code unknown} before anything set one).
     *
     * @since 3.2
     */
    default StatusInfo unitStatus(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "status-get is not served here");
    }

    /**
     * The application's status and its units', for the leader only ({@code NOT_PERMITTED} otherwise).
     *
     * @since 3.2
     */
    default StatusInfo.OfApplication applicationStatus(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "status-get is not served here");
    }

    /**
     * Sets the version of the unit's workload.
     *
     * @since 3.2
     */
    default void applicationVersionSet(String clientId, String version) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR,
                "application-version-set is not served here");
    }

    /**
     * An application's data bag in a relation: {@code app}'s, or by default the remote application's (the
     * unit's own in a peer relation). The unit's own application's bag is readable in a peer relation
     * or by its leader only ({@code NOT_PERMITTED} otherwise); an application not in the relation is
     * {@code NO_SUCH_UNIT}. The unit's own bag shows this hook's writes.
     *
     * @since 3.2
     */
    default Map<String, String> relationGetApp(String clientId, String relationId, String app) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "relation-get --app is not served here");
    }

    /**
     * Changes the unit's application's bag in a relation when the hook succeeds (an empty value deletes
     * its key); only its leader may ({@code NOT_PERMITTED} otherwise, and nothing is written).
     *
     * @since 3.2
     */
    default void relationSetApp(String clientId, String relationId, Map<String, String> changes) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "relation-set --app is not served here");
    }

    /**
     * The remote application's name in a relation (the unit's own in a peer relation).
     *
     * @since 3.2
     */
    default String relationListApp(String clientId, String relationId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "relation-list --app is not served here");
    }

    /**
     * The unit's charm state, with this hook's own changes.
     *
     * @since 3.2
     */
    default Map<String, String> stateGet(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "state-get is not served here");
    }

    /**
     * Changes the unit's charm state when the hook succeeds (a null value deletes its key); an entry or a
     * state over its limit is {@code BAD_REQUEST}, and nothing is changed.
     *
     * @since 3.2
     */
    default void stateSet(String clientId, Map<String, String> changes) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "state-set is not served here");
    }

    /**
     * Go juju's goal state of the unit: the units of its application, and for each of its relations (by
     * name) the remote application and its units, each with a {@code status} and a {@code since}.
     *
     * @since 3.2
     */
    default Map<String, Object> goalState(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "goal-state is not served here");
    }

    /**
     * The running action's parameters, defaults filled in.
     *
     * @throws HookToolException {@code not running an action} outside an action
     * @since 3.3
     */
    default Map<String, Object> actionGet(String clientId) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "action-get is not served here");
    }

    /**
     * Adds to the running action's results (nested maps of strings), kept with the task when it ends.
     *
     * @since 3.3
     */
    default void actionSet(String clientId, Map<String, Object> results) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "action-set is not served here");
    }

    /**
     * Adds a message to the running action's log, at once (an operator watching the task sees it).
     *
     * @since 3.3
     */
    default void actionLog(String clientId, String message) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "action-log is not served here");
    }

    /**
     * Marks the running action as failed with {@code message}; it runs on, and ends as failed.
     *
     * @since 3.3
     */
    default void actionFail(String clientId, String message) throws HookToolException {
        throw new HookToolException(jujube.hooks.protocol.ErrorCode.INTERNAL_ERROR, "action-fail is not served here");
    }
}
