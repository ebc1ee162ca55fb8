package jujube.state.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import jujube.access.policy.AccessFacts;
import jujube.model.RelationRole;
import jujube.state.store.TopologyEntries.RelationEntry;
import jujube.state.store.TopologyEntries.UnitEntry;

/** What the access policy needs to know beyond a node's path, answered from one topology. */
public final class TopologyFacts {
    private TopologyFacts() {
    }

    /** Facts of the topology {@code t}. */
    public static AccessFacts of(Topology t) {
        return new AccessFacts() {
            @Override
            public Optional<String> machineOfUnit(String unitId) {
                Optional<UnitEntry> u = t.findUnit(unitId);
                if (u.isEmpty()) {
                    return Optional.empty();
                }
                return u.get().container() != null ? machineOfUnit(u.get().container()) : Optional.ofNullable(u.get().machine());
            }

            @Override
            public List<String> servicesOfRelation(String relationId) {
                RelationEntry r = t.findRelation(relationId).orElse(null);
                return r == null ? List.of() : List.copyOf(new TreeSet<>(r.services().keySet()));
            }

            @Override
            public List<String> servicesWithRole(String relationId, String role) {
                RelationEntry r = t.findRelation(relationId).orElse(null);
                List<String> services = new ArrayList<>();
                if (r != null) {
                    r.services().forEach((sid, e) -> {
                        if (RelationRole.fromKey(role).filter(e.role()::equals).isPresent()) {
                            services.add(sid);
                        }
                    });
                }
                return services;
            }
        };
    }
}
