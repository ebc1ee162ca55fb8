package jujube.state;

import jujube.model.RelationInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one-shot reads hook contexts need: current members and the settings a merge replaced. */
class UnitRelationSnapshotTest extends ZooKeeperFixture {

    @Test
    void related_units_are_the_counterparts_in_scope_now() {
        RelationInfo r = blogAndMysql();
        UnitName blog = state.units().add("blog").name();
        UnitName db0 = state.units().add("mysql").name();
        UnitName db1 = state.units().add("mysql").name();
        for (UnitName u : List.of(blog, db0, db1)) {
            state.units().setAddresses(u, u.service() + ".example", "10.0.0." + u.number());
        }
        UnitRelation mine = state.relations().of(r.id(), blog);
        assertEquals(Set.of(), mine.relatedUnits(), "nobody joined yet");
        state.relations().of(r.id(), db1).enterScope();
        state.relations().of(r.id(), db0).enterScope();
        mine.enterScope();
        assertEquals(List.of(db0, db1), List.copyOf(mine.relatedUnits()));
        assertEquals(Set.of(blog), state.relations().of(r.id(), db0).relatedUnits());
        state.relations().of(r.id(), db0).leaveScope();
        state.relations().of(r.id(), db1).leaveScope();
        assertEquals(Set.of(), mine.relatedUnits(), "units that left the scope are gone");
    }

    @Test
    void merge_settings_returns_what_it_replaced() {
        RelationInfo r = peers("wordpress", "blog", "peer", "ring");
        UnitName blog = state.units().add("blog").name();
        UnitRelation mine = state.relations().of(r.id(), blog);
        assertEquals(Map.of(), mine.mergeSettings(Map.of("a", "1", "b", "2")), "no node before");
        Map<String, Object> changes = new HashMap<>();
        changes.put("a", null);
        changes.put("c", "3");
        assertEquals(Map.of("a", "1", "b", "2"), mine.mergeSettings(changes));
        assertEquals(Map.of("b", "2", "c", "3"), mine.settings().values());
    }
}
