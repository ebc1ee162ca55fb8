package jujube.state.curator.internal;

import jujube.state.store.NodeReader;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.Topology;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import jujube.model.RelationRole;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.store.TopologyEntries.EndpointEntry;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.UnitEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the entries of one role of a relation's scope before they are used: each must be named after a
 * unit that exists, of a service taking part in the relation with that role, living in the scope's
 * container (for a container scope), and hold that unit's name. A unit writes its own entry only, but it
 * writes what it likes there; an entry from before the policy, a hand edit or a bug may be anything. An
 * entry that fails is no member: it is skipped, with a log line saying why, and never stops its reader.
 * A member's name is the topology's, never the entry's.
 */
final class ScopeMembers {
    private static final Logger LOG = LoggerFactory.getLogger(ScopeMembers.class);
    private static final Pattern UNIT_ID = Pattern.compile("unit-[0-9]{10}");
    private final Supplier<Topology> topology;
    private final NodeReader reader;
    private final RelationScopePaths paths;
    private final RelationRole role;

    ScopeMembers(Supplier<Topology> topology, NodeReader reader, RelationScopePaths paths, RelationRole role) {
        this.topology = topology;
        this.reader = reader;
        this.paths = paths;
        this.role = role;
    }

    /**
     * The members among {@code entries} (each entry's node name and content), by unit id, with their names;
     * the others are logged and left out. The units are looked up in one batch.
     */
    Map<String, UnitName> members(Map<String, byte[]> entries) {
        Map<String, UnitName> members = new TreeMap<>();
        if (entries.isEmpty()) {
            return members;
        }
        Topology t = topology.get();
        RelationEntry relation = t.findRelation(paths.relationId()).orElse(null);
        if (relation == null) {
            return members; // removed: its scope goes with it
        }
        Map<String, UnitEntry> units = t.units(entries.keySet().stream().filter(id -> UNIT_ID.matcher(id).matches()).toList());
        Map<String, UnitName> names = t.unitNames(units.keySet());
        entries.forEach((id, data) -> {
            String problem = problem(id, data, relation, units.get(id), names.get(id));
            if (problem == null) {
                members.put(id, names.get(id));
            } else {
                LOG.warn("{}: not a member, skipped: {}", paths.members(role) + "/" + id, problem);
            }
        });
        return members;
    }

    /** What is wrong with an entry, null when nothing is. */
    private String problem(String id, byte[] data, RelationEntry relation, UnitEntry unit, UnitName name) {
        if (!UNIT_ID.matcher(id).matches()) {
            return "its name is not a unit's id";
        }
        if (unit == null || name == null) {
            return "no unit " + id + " exists";
        }
        EndpointEntry endpoint = relation.services().get(unit.service());
        if (endpoint == null || endpoint.role() != role) {
            return "unit " + name + " does not take part in " + paths.relationId() + " as " + role.key();
        }
        String container = unit.container() != null ? unit.container() : id;
        if (relation.scope() == jujube.model.RelationScope.CONTAINER && !paths.containerUnitId().equals(container)) {
            return "unit " + name + " does not live in the container of " + paths.containerUnitId();
        }
        String path = paths.members(role) + "/" + id;
        Object claimed;
        try {
            claimed = reader.parse(path, data).get("name");
        } catch (StateException e) {
            return e.getMessage();
        }
        if (!name.toString().equals(claimed)) {
            return "it names '" + claimed + "', not " + name;
        }
        return null;
    }
}
