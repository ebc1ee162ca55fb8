package jujube.state;

import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Eight writers, each its own connection (as separate processes are), change /topology at once. */
class ConcurrentWritersTest extends ZooKeeperFixture {
    private static final int WRITERS = 8;
    private static final int UNITS_EACH = 12;
    private static final int RELATIONS_EACH = 4;

    @Test
    void every_addition_is_there_exactly_once_and_sequences_are_unique() throws Exception {
        charm("app");
        List<String> services = List.of("a", "b", "c", "d");
        for (String s : services) {
            state.services().add(s, "local:precise/app-1");
        }
        ConcurrentLinkedQueue<UnitName> added = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> relations = new ConcurrentLinkedQueue<>();
        CyclicBarrier start = new CyclicBarrier(WRITERS);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            StateConnection mine = connect(List.of());
            done.add(pool.submit((Callable<Void>) () -> {
                start.await();
                for (int i = 0; i < UNITS_EACH; i++) {
                    added.add(mine.units().add(services.get((writer + i) % services.size())).name());
                    if (i < RELATIONS_EACH) {
                        relations.add(mine.relations().add("iface-" + writer + "-" + i, RelationScope.GLOBAL, List.of(
                                new RelationEndpoint(services.get(i % 4), "c", RelationRole.CLIENT),
                                new RelationEndpoint(services.get((i + 1) % 4), "s", RelationRole.SERVER))).id());
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertEquals(WRITERS * UNITS_EACH, new HashSet<>(added).size(), "unit names handed out are unique");
        Set<UnitName> stored = new HashSet<>();
        for (UnitInfo u : state.units().list()) {
            assertEquals(true, stored.add(u.name()), "unit " + u.name() + " stored once");
        }
        assertEquals(new HashSet<>(added), stored);
        for (String s : services) {
            List<UnitName> units = state.services().get(s).units();
            for (int n = 0; n < units.size(); n++) {
                assertEquals(new UnitName(s, n), units.get(n), "sequences of " + s + " are 0..n-1 without gaps");
            }
        }
        assertEquals(new HashSet<>(relations), new HashSet<>(state.relations().list().stream().map(RelationInfo::id).toList()));
        assertEquals(WRITERS * RELATIONS_EACH, state.relations().list().size());
    }
}
