package jujube.state.curator.internal;

import jujube.state.store.Paths;
import jujube.state.store.RelationScopePaths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.SharedCaches;
import jujube.state.store.SubscriptionWatch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import jujube.model.RelationRole;
import jujube.model.StateException;
import jujube.model.UnitName;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one unit sees of a relation's scope (the counterpart's members, each with its settings version),
 * watched through the nodes it depends on alone: the counterpart role's membership, and the settings node
 * of each such member, each through a {@link SharedCaches} cache that the machine's other units seeing the
 * same nodes share. A relation of 999 application units and one database reaches an application machine
 * as the database's membership and settings, not as the 2,000 joins and settings changes of its peers,
 * which none of its units sees; the database's unit follows its 999 members and their settings.
 *
 * <p>A value is offered once the membership and the settings of every current member have loaded, so a
 * member never shows without its settings version; values are computed and offered under this watch's
 * lock, in the order of the changes that caused them. A member's node is parsed only when it changed.
 */
final class RelatedUnitsWatch extends SubscriptionWatch {
    private static final Logger LOG = LoggerFactory.getLogger(RelatedUnitsWatch.class);
    private final RelationScopePaths paths;
    private final String membersPath;
    private final String membersPrefix;
    private final String unitId;
    /** The members among entries (node name, content), as {@link ScopeMembers#members} finds them. */
    private final Function<Map<String, byte[]>, Map<String, UnitName>> check;
    private final SerialDelivery<Map<UnitName, Integer>> delivery;
    // guarded by this
    private CuratorCache membersCache; // null until the membership loaded
    private final Map<String, Member> parsed = new HashMap<>(); // member node path -> its last parse
    private final Map<String, Followed> settings = new HashMap<>(); // member unit id -> its settings' cache

    /** A member's entry as last parsed: {@code name} null when it is no member ({@link ScopeMembers}). */
    private record Member(long modified, String unitId, UnitName name) {
        boolean valid() {
            return name != null;
        }
    }

    /** One member's settings node: its subscription, and its cache once loaded. */
    private static final class Followed {
        final SharedCaches.Subscription subscription;
        CuratorCache cache;

        Followed(SharedCaches.Subscription subscription) {
            this.subscription = subscription;
        }
    }

    RelatedUnitsWatch(SharedCaches caches, RelationScopePaths paths, RelationRole counterpart, String unitId,
            Function<Map<String, byte[]>, Map<String, UnitName>> check, SerialDelivery<Map<UnitName, Integer>> delivery) {
        super(caches, paths.members(counterpart), false);
        this.paths = paths;
        this.membersPath = paths.members(counterpart);
        this.membersPrefix = membersPath + "/";
        this.unitId = unitId;
        this.check = check;
        this.delivery = delivery;
        start();
    }

    /** The membership came, changed or went: follows the settings of its members alone. */
    @Override
    protected void rootChanged(SharedCaches.Subscription source, CuratorCache cache, String changed) {
        List<SharedCaches.Subscription> opening = new ArrayList<>();
        List<SharedCaches.Subscription> closing = new ArrayList<>();
        synchronized (this) {
            if (!current(source)) {
                return; // a stopped watch's late event
            }
            membersCache = cache;
            try {
                if (changed != null && changed.startsWith(membersPrefix) && changed.indexOf('/', membersPrefix.length()) < 0) {
                    memberChanged(cache, changed);
                } else {
                    reparse(cache); // loaded, or the membership's node itself came or went
                }
            } catch (StateException e) {
                LOG.warn("watch on {} cannot read the state: {}", membersPath, e.getMessage());
                return;
            }
            Set<String> wanted = new HashSet<>();
            parsed.values().stream().filter(Member::valid).forEach(m -> wanted.add(m.unitId()));
            wanted.remove(unitId); // a peer does not watch itself
            for (Iterator<Map.Entry<String, Followed>> it = settings.entrySet().iterator(); it.hasNext();) {
                Map.Entry<String, Followed> followed = it.next();
                if (!wanted.contains(followed.getKey())) {
                    closing.add(followed.getValue().subscription);
                    it.remove();
                }
            }
            for (String id : wanted) {
                if (!settings.containsKey(id)) {
                    SharedCaches.Subscription s = caches.subscription(paths.settings(id), true,
                            (from, settingsCache, path) -> settingsChanged(id, from, settingsCache));
                    settings.put(id, new Followed(s));
                    opening.add(s);
                }
            }
        }
        closing.forEach(SharedCaches.Subscription::close);
        opening.forEach(SharedCaches.Subscription::open); // may call back at once, outside this watch's lock
        offer();
    }

    /** One member node came, changed or went. */
    private void memberChanged(CuratorCache cache, String path) {
        ChildData node = cache.get(path).orElse(null);
        if (node == null) {
            parsed.remove(path);
            return;
        }
        Member known = parsed.get(path);
        if (known == null || known.modified() != modified(node)) {
            parsed.putAll(parse(List.of(node)));
        }
    }

    private void reparse(CuratorCache cache) {
        Map<String, Member> seen = new HashMap<>();
        List<ChildData> changed = new ArrayList<>();
        cache.stream().filter(d -> d.getPath().startsWith(membersPrefix) && d.getPath().indexOf('/', membersPrefix.length()) < 0)
                .forEach(d -> {
                    Member known = parsed.get(d.getPath());
                    if (known != null && known.modified() == modified(d)) {
                        seen.put(d.getPath(), known);
                    } else {
                        changed.add(d);
                    }
                });
        seen.putAll(parse(changed));
        parsed.clear();
        parsed.putAll(seen);
    }

    private static long modified(ChildData node) {
        return node.getStat() == null ? -1 : node.getStat().getMzxid();
    }

    private void settingsChanged(String memberId, SharedCaches.Subscription source, CuratorCache cache) {
        synchronized (this) {
            Followed followed = settings.get(memberId);
            if (followed == null || followed.subscription != source) {
                return; // no longer a member, or a stopped watch
            }
            followed.cache = cache;
        }
        offer();
    }

    /** Offers what the unit sees, once the membership and every member's settings have loaded. */
    private synchronized void offer() {
        if (!running() || membersCache == null) {
            return;
        }
        Map<UnitName, Integer> result = new TreeMap<>();
        for (Member member : parsed.values()) {
            if (!member.valid() || member.unitId().equals(unitId)) {
                continue;
            }
            Followed followed = settings.get(member.unitId());
            if (followed == null || followed.cache == null) {
                return; // its settings are loading: offered when they have
            }
            result.put(member.name(), followed.cache.get(paths.settings(member.unitId()))
                    .map(ChildData::getStat).map(Stat::getVersion).orElse(-1));
        }
        delivery.offer(Collections.unmodifiableMap(result));
    }

    /** The entries, checked together: by path, a member or (name null) an entry that is none. */
    private Map<String, Member> parse(List<ChildData> nodes) {
        Map<String, byte[]> entries = new HashMap<>();
        nodes.forEach(node -> entries.put(Paths.name(node.getPath()), node.getData()));
        Map<String, UnitName> members = check.apply(entries);
        Map<String, Member> result = new HashMap<>();
        for (ChildData node : nodes) {
            String id = Paths.name(node.getPath());
            result.put(node.getPath(), new Member(modified(node), id, members.get(id)));
        }
        return result;
    }

    @Override
    public void stop() {
        List<SharedCaches.Subscription> closing = new ArrayList<>();
        synchronized (this) {
            SharedCaches.Subscription members = detachRoot();
            if (members != null) {
                closing.add(members);
            }
            settings.values().forEach(f -> closing.add(f.subscription));
            membersCache = null;
            settings.clear();
            parsed.clear();
        }
        closing.forEach(SharedCaches.Subscription::close);
    }
}
