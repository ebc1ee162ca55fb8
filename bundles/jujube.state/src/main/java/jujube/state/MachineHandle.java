package jujube.state;

import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.model.CharmRecord;
import jujube.model.MachineInfo;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One machine as its agent sees the state: its presence and the units assigned to it, what deploying
 * them needs (their records, charms and addresses), and, for its subordinate deployer, adding and
 * removing subordinate units beside its principals. It deploys no service, relates nothing, sets no
 * configuration and issues no credential: the administrator's work stays on {@link StateConnection}.
 * A handle holds no connection of its own; it is valid while its connection is.
 */
@ProviderType
public interface MachineHandle {
    /** The machine this handle acts for. */
    int id();

    /** Whether the connection is up now. */
    ConnectionState connectionState();

    /** The machine's record, empty once it is removed. */
    Optional<MachineInfo> info();

    /** Announces the machine's agent: an ephemeral node while the returned presence is held. */
    AgentPresence connectAgent();

    /** Watches the principal units assigned to the machine. */
    Watch watchAssignedUnits(StateWatcher<Set<UnitName>> watcher);

    /**
     * Removes the machine once its last unit left (placement {@code unassigned}, a machine
     * {@linkplain #madeForUnit made for a unit}: the controller refuses any other for a machine agent).
     *
     * @throws jujube.model.MachineHasUnitsException when a unit was assigned meanwhile
     */
    void removeEmpty();

    /**
     * Whether placement made this machine for a unit, rather than the operator adding it
     * ({@link Machines#madeForUnit}).
     *
     * @since 8.0
     */
    boolean madeForUnit();

    /** The environment's configuration (its placement policy). */
    Map<String, Object> environmentConfig();

    // ---- the units it deploys

    UnitInfo unit(UnitName unit);

    /** The units named with their subordinates, those that exist. */
    Map<UnitName, UnitInfo> withSubordinates(Collection<UnitName> units);

    /** Records where a unit of the machine is reached, before its agent starts. */
    void setAddresses(UnitName unit, String publicAddress, String privateAddress);

    CharmRecord charm(String charmId);

    /** Writes a charm's archive to {@code out}; false when the state holds none for it. */
    boolean fetchCharmArchive(String charmId, OutputStream out);

    // ---- subordinates of its principals

    /** Adds a subordinate unit of {@code service} in the container of {@code principal}. */
    UnitInfo addSubordinate(String service, UnitName principal);

    /** Removes a subordinate unit whose principal or relation is gone. */
    void removeUnit(UnitName unit);

    ServiceInfo service(String name);

    /** Every relation of the environment: the container relations decide the subordinates. */
    List<RelationInfo> relations();

    /** Watches the set of the environment's units. */
    Watch watchUnits(StateWatcher<Set<UnitName>> watcher);

    /** Watches the set of the environment's relation ids. */
    Watch watchRelations(StateWatcher<Set<String>> watcher);
}
