package jujube.state.internal;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import jujube.state.CorruptStateException;
import jujube.state.RelationRole;
import jujube.state.UnitName;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.zookeeper.data.Stat;

/**
 * What one unit sees of a relation's scope: the counterpart's members, each with its settings version,
 * derived from the cache of the relation's subtree that the machine's other units share. A relation of
 * n units changes n times or more as it forms, and every change reaches every unit of the machine that is
 * in it: a unit recomputes only for a change to its counterpart's members or to their settings
 * ({@link #dependsOn}), and parses a member's node only when the node changed, so forming the relation
 * costs each unit work in proportion to the members it sees, not to the relation's whole subtree at each
 * change.
 */
final class RelatedUnitsView {
    private final String scopePrefix;
    private final String membersPrefix;
    private final String settingsPrefix;
    private final String unitId;
    private final NodeReader reader;
    /** Member node path to its last parse (guarded by this): the counterpart's members as last computed. */
    private final Map<String, Member> members = new HashMap<>();

    private record Member(long modified, String unitId, UnitName name) {}

    RelatedUnitsView(RelationScopePaths paths, RelationRole counterpart, String unitId, NodeReader reader) {
        this.scopePrefix = paths.base() + "/scope/";
        this.membersPrefix = paths.members(counterpart) + "/";
        this.settingsPrefix = paths.settingsContainer() + "/";
        this.unitId = unitId;
        this.reader = reader;
    }

    /**
     * Whether a change at {@code path} may change what this unit sees: not a settings node of a unit that is
     * no member of the counterpart, nor a member of another role.
     */
    synchronized boolean dependsOn(String path) {
        if (path.startsWith(settingsPrefix)) {
            String id = path.substring(settingsPrefix.length());
            return members.containsKey(membersPrefix + id);
        }
        if (path.startsWith(scopePrefix) && !path.startsWith(membersPrefix)) {
            return path.indexOf('/', scopePrefix.length()) < 0; // a role's directory, not a member of it
        }
        return true;
    }

    /** The related units and their settings versions (-1: no settings yet), as the cache holds them. */
    synchronized Map<UnitName, Integer> related(CuratorCache cache) {
        Map<String, Member> seen = new HashMap<>();
        cache.stream().filter(d -> d.getPath().startsWith(membersPrefix) && d.getPath().indexOf('/', membersPrefix.length()) < 0)
                .forEach(d -> {
                    Member known = members.get(d.getPath());
                    long modified = d.getStat() == null ? -1 : d.getStat().getMzxid();
                    seen.put(d.getPath(), known != null && known.modified() == modified ? known : parse(d, modified));
                });
        members.clear();
        members.putAll(seen);
        Map<UnitName, Integer> result = new TreeMap<>();
        for (Member member : seen.values()) {
            if (member.unitId().equals(unitId)) {
                continue; // a peer does not watch itself
            }
            int version = cache.get(settingsPrefix + member.unitId()).map(ChildData::getStat).map(Stat::getVersion).orElse(-1);
            result.put(member.name(), version);
        }
        return Collections.unmodifiableMap(result);
    }

    private Member parse(ChildData node, long modified) {
        String id = Paths.name(node.getPath());
        Map<String, Object> content = reader.parse(node.getPath(), node.getData());
        try {
            return new Member(modified, id, UnitName.parse(new Fields(node.getPath()).string(content.get("name"), "name")));
        } catch (IllegalArgumentException e) {
            throw new CorruptStateException(node.getPath(), e.getMessage());
        }
    }
}
