package jujube.state;

import jujube.model.DebugHooks;
import jujube.model.Placement;
import jujube.model.Port;
import jujube.model.ResolvedMode;
import jujube.model.StatusEntry;
import jujube.model.UnitFlags;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.model.UpgradeRequest;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.annotation.versioning.ProviderType;

/** The environment's units: membership, placement, agent presence, addresses and operator flags. */
@ProviderType
public interface Units {
    /**
     * The most units one request adds: the bound on what a command builds in memory before the request's
     * size is checked. Fewer may fit: a transaction is also refused with
     * {@link TransactionTooLargeException} when its request would pass ZooKeeper's packet limit.
     *
     * @since 3.1
     */
    int MAX_UNITS_PER_REQUEST = 5_000;

    /** Adds a unit to a principal service; the new unit is unassigned. */
    UnitInfo add(String service);

    /**
     * Adds {@code count} units to a principal service and places them, as one transaction: all of them,
     * or none when anything fails (a machine missing, the service removed, the request too large).
     *
     * @param count how many, 1 to {@link #MAX_UNITS_PER_REQUEST}
     * @return the new units, in order of their numbers, each with its machine
     * @throws NoSuchServiceException when there is no such service
     * @throws NoSuchMachineException when the placement names a machine that does not exist
     * @throws TransactionTooLargeException when the transaction's request would pass ZooKeeper's limit
     * @since 3.1
     */
    List<UnitInfo> add(String service, int count, Placement placement);

    /**
     * Adds a subordinate unit in {@code principal}'s container.
     *
     * @throws SubordinateWithoutContainerRelationException without a container relation between the services
     */
    UnitInfo addSubordinate(String service, UnitName principal);

    /** @throws NoSuchUnitException when the unit does not exist */
    UnitInfo get(UnitName unit);

    /** Every unit, by name. */
    List<UnitInfo> list();

    /**
     * Every unit's container by unit name: its principal for a subordinate, itself for a principal; from
     * one reading of the topology (no unit node is read).
     *
     * @since 1.4
     */
    Map<UnitName, UnitName> containers();

    /**
     * The containers of the given units, by unit name: its principal for a subordinate, itself for a
     * principal; a unit that does not exist is left out. Reads those units alone, in a few batched requests
     * whatever the environment's size (where {@link #containers()} reads every unit).
     *
     * @since 4.1
     */
    Map<UnitName, UnitName> containers(Collection<UnitName> units);

    /**
     * The named units that exist and the subordinate units in their containers, by name: what one machine
     * hosts, read in a few batched requests whatever the environment's size (where {@link #list()} reads
     * every unit).
     *
     * @since 4.1
     */
    Map<UnitName, UnitInfo> withSubordinates(Collection<UnitName> units);

    /** Every unit with its ports and relation workflow states, by name, from one reading of the topology. */
    List<UnitStatus> listStatus();

    /**
     * Removes the unit, the subordinates in its container, and their nodes; they leave the scope of every
     * relation they were in, so related units see them depart even if their agents never run again.
     */
    void remove(UnitName unit);

    /**
     * Assigns the unit to a machine.
     *
     * @throws UnitAlreadyAssignedException when it is on another machine
     * @throws SubordinateUnitAssignmentException for a subordinate unit
     */
    void assign(UnitName unit, int machineId);

    void unassign(UnitName unit);

    void setAddresses(UnitName unit, String publicAddress, String privateAddress);

    /**
     * Records the charm the unit runs now (its agent calls this once an upgrade put the charm in place),
     * so that status and hook contexts name it.
     *
     * @throws NoSuchCharmException when no such charm was added to the environment
     * @since 1.4
     */
    void setCharm(UnitName unit, String charmId);

    /** Replicates the unit's workflow state (its local disk is authoritative); its info is cleared. */
    void setWorkflowState(UnitName unit, String state);

    /**
     * Replicates the unit's workflow state with {@code info}, what status shows as {@code agent-state-info}
     * (a failed hook's message, when its next automatic retry is due); an empty info clears it.
     *
     * @since 2.0
     */
    void setWorkflowState(UnitName unit, String state, String info);

    /**
     * Publishes one transition of the unit's workflow; the unit keeps the newest {@link StatusEntry#KEPT}.
     *
     * @throws NoSuchUnitException when the unit does not exist
     * @since 2.1
     */
    void recordStatus(UnitName unit, StatusEntry entry);

    /**
     * The transitions the unit's agent published, oldest first.
     *
     * @throws NoSuchUnitException when the unit does not exist
     * @since 2.1
     */
    java.util.List<StatusEntry> statusHistory(UnitName unit);

    /** Replicates the workflow state of the unit's side of one relation (its local disk is authoritative). */
    void setRelationWorkflowState(UnitName unit, String relationId, String state);

    /**
     * Replicates the workflow state of the unit's side of one relation with what failed in it ({@code error}:
     * the failed hook, its failure and when it is retried; empty when the relation is not in error), which
     * status shows.
     *
     * @since 7.3
     */
    void setRelationWorkflowState(UnitName unit, String relationId, String state, String error);

    /** The replicas of the unit's relation workflow states by relation id; status shows the errors among them. */
    Map<String, String> relationWorkflowStates(UnitName unit);

    /** Announces the unit's agent until the presence is closed. */
    Presence connectAgent(UnitName unit);

    /** The unit's workload as its charm describes it; empty before anything was set. */
    java.util.Optional<jujube.model.UnitWorkload> workload(UnitName unit);

    /**
     * Sets the unit's workload status: by its charm ({@code byCharm}), always; by its agent, only while the
     * charm has set none. Returns whether it changed: setting the status and message it has already
     * changes nothing, not even when it was set.
     */
    boolean setWorkloadStatus(UnitName unit, jujube.model.WorkloadStatus status, boolean byCharm);

    /** Sets the version of the unit's workload ({@code application-version-set}). */
    void setWorkloadVersion(UnitName unit, String version);

    /** The unit's charm state ({@code state-get}): its charm's keys and values, kept for it by the controller. */
    Map<String, String> charmState(UnitName unit);

    /**
     * Merges {@code changes} (a null value deletes its key) into the unit's charm state.
     *
     * @throws jujube.model.SettingsTooLargeException when it would grow over
     *     {@link jujube.model.CharmStateLimits#MAX_TOTAL_BYTES}; nothing is written then
     */
    void mergeCharmState(UnitName unit, Map<String, String> changes);

    /** The unit's part in its service's leader election (see {@link ServiceLeadership}). */
    ServiceLeadership leadership(UnitName unit);

    Set<Port> ports(UnitName unit);

    void openPort(UnitName unit, Port port);

    void closePort(UnitName unit, Port port);

    /** The unit's current flags. */
    UnitFlags flags(UnitName unit);

    /** @throws FlagAlreadySetException when resolved is set already */
    void setResolved(UnitName unit, ResolvedMode mode);

    void clearResolved(UnitName unit);

    /**
     * @throws FlagAlreadySetException when any of the relations is marked resolved already
     * @throws IllegalArgumentException for {@link ResolvedMode#RESET_STATE}, a unit's mode only
     */
    void setRelationResolved(UnitName unit, Map<String, ResolvedMode> byRelationId);

    void clearRelationResolved(UnitName unit);

    /** @throws FlagAlreadySetException when an upgrade is requested already */
    void setUpgrade(UnitName unit, UpgradeRequest request);

    void clearUpgrade(UnitName unit);

    /** Sets debug hooks for as long as this connection's session lives (an ephemeral node). */
    void setDebugHooks(UnitName unit, DebugHooks hooks);

    void clearDebugHooks(UnitName unit);

    /** Watches the set of unit names. */
    Watch watch(StateWatcher<Set<UnitName>> watcher);

    /** Watches one unit's flags. */
    Watch watchFlags(UnitName unit, StateWatcher<UnitFlags> watcher);
}
