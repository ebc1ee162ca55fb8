package jujube.state;

import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.model.CharmRecord;
import jujube.model.Port;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.StatusEntry;
import jujube.model.UnitFlags;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One unit as its own agent and that agent's hooks see the state, as Go juju's uniter API gives a unit:
 * the unit's workflow state, status history, flags, ports, presence and runs; its service's charm and
 * configuration; its relations, with its own settings and scope membership in each; the environment's
 * configuration and the debug log it writes. Nothing here changes another unit, a service or the
 * topology: what a machine agent's credentials allow for the units of its machine is this and no more.
 * A handle holds no connection of its own; it is valid while its connection is.
 */
@ProviderType
public interface UnitHandle {
    /** The unit this handle acts for. */
    UnitName name();

    /** Whether the connection is up now (a presence held over a lost session is gone). */
    ConnectionState connectionState();

    // ---- the unit itself

    /** The unit as the topology and its node describe it. */
    UnitInfo info();

    /** Records the charm the unit now runs (after an upgrade). */
    void setCharm(String charmId);

    /** Replicates the unit's workflow state, with a message saying why (empty for none). */
    void setWorkflowState(String state, String info);

    /** The unit's workload as its charm describes it; empty before anything was set. */
    java.util.Optional<jujube.model.UnitWorkload> workload();

    /** See {@link Units#setWorkloadStatus}. */
    boolean setWorkloadStatus(jujube.model.WorkloadStatus status, boolean byCharm);

    /** Sets the version of the unit's workload. */
    void setWorkloadVersion(String version);

    /**
     * The units of {@code service} (the unit's own or a related one) with their workloads, by name: what
     * {@code goal-state} tells.
     */
    Map<UnitName, jujube.model.UnitStatus> unitsOf(String service);

    /** The workloads of the units of the unit's service (itself included), by unit name. */
    Map<UnitName, java.util.Optional<jujube.model.UnitWorkload>> serviceWorkloads();

    /** See {@link Units#charmState}. */
    Map<String, String> charmState();

    /** See {@link Units#mergeCharmState}. */
    void mergeCharmState(Map<String, String> changes);

    /** Appends to the unit's status history. */
    void recordStatus(StatusEntry entry);

    /** The unit's status history, oldest first. */
    List<StatusEntry> statusHistory();

    /** Replicates the workflow state of the unit's lifecycle in one relation. */
    void setRelationWorkflowState(String relationId, String state);

    /**
     * Replicates the workflow state of the unit's lifecycle in one relation, with what failed in it (empty
     * when it is not in error).
     *
     * @since 7.3
     */
    void setRelationWorkflowState(String relationId, String state, String error);

    /** The replicated workflow states of the unit's relation lifecycles, by relation id. */
    Map<String, String> relationWorkflowStates();

    /** Announces the unit's agent: an ephemeral node while the returned presence is held. */
    Presence connectAgent();

    /** The ports the unit has opened. */
    Set<Port> ports();

    void openPort(Port port);

    void closePort(Port port);

    /** The operator's flags on the unit: resolved, relation resolved, upgrade, debug-hooks. */
    UnitFlags flags();

    /** Clears the resolved flag once the agent acted on it. */
    void clearResolved();

    /** Clears the relation-resolved flag once the agent acted on it. */
    void clearRelationResolved();

    /** Clears the upgrade flag once the agent acted on it. */
    void clearUpgrade();

    /** Watches the unit's flags. */
    Watch watchFlags(StateWatcher<UnitFlags> watcher);

    /**
     * The principal each of the given units is a subordinate of, for those that are subordinates: what a
     * relation of container scope needs to know of its members.
     */
    Map<UnitName, UnitName> containers(Collection<UnitName> units);

    // ---- its runs (jujube exec)

    /** Watches the run requests left for the unit, by id. */
    Watch watchRuns(StateWatcher<Map<String, RunRequest>> watcher);

    /** Claims a run request; false when another agent of the unit claimed it first or it is gone. */
    boolean claimRun(String id);

    /** Answers a claimed run request; false when it is gone. */
    boolean answerRun(String id, RunResult result);

    // ---- its tasks (actions)

    /**
     * Watches the unit's unfinished tasks, oldest first.
     *
     * @since 7.3
     */
    Watch watchTasks(StateWatcher<List<TaskInfo>> watcher);

    /** Marks a pending task as running; false when it is not pending any more (cancelled) or gone. */
    boolean startTask(String id);

    /** Adds a message to a running task's log. */
    void logTask(String id, String message);

    /** Ends a task with its final status, the reason (empty for a success) and its results. */
    void finishTask(String id, TaskStatus status, String message, Map<String, Object> results);

    // ---- its service and charm

    /** The unit's service. */
    ServiceInfo service();

    /** The options of the service's configuration explicitly set. */
    Map<String, Object> serviceConfig();

    /** Watches the service's configuration. */
    Watch watchServiceConfig(StateWatcher<Map<String, Object>> watcher);

    /** A charm in the state (the unit's, or the one it upgrades to). */
    CharmRecord charm(String charmId);

    /** Writes a charm's archive to {@code out}; false when the state holds none for it. */
    boolean fetchCharmArchive(String charmId, OutputStream out);

    // ---- its relations

    /** The relations the unit's service takes part in. */
    List<RelationInfo> relations();

    /** One relation; {@link jujube.model.NoSuchRelationException} when it is gone. */
    RelationInfo relation(String relationId);

    /** Whether the relation id was ever given to a relation (it may be gone now). */
    boolean relationEverExisted(String relationId);

    /** The unit's side of one relation: its settings, its scope membership, the units it sees. */
    UnitRelation relationOf(String relationId);

    /** Watches the set of the environment's relation ids. */
    Watch watchRelations(StateWatcher<Set<String>> watcher);

    /** See {@link Relations#migrateScopeMembership()}: agents call it before they watch any membership. */
    int migrateScopeMembership();

    // ---- the environment

    /** The environment's configuration. */
    Map<String, Object> environmentConfig();

    /** Watches the environment's configuration. */
    Watch watchEnvironmentConfig(StateWatcher<Map<String, Object>> watcher);

    /** The debug log's publisher for this unit's agent and hooks. */
    DebugLogPublisher debugLogPublisher();

    // ---- its service's leadership

    /** The unit's part in its service's leader election, and the service's leader settings. */
    ServiceLeadership leadership();
}
