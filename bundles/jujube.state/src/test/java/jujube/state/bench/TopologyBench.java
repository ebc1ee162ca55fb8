package jujube.state.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import jujube.state.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.state.RelationEndpoint;
import jujube.state.RelationRole;
import jujube.state.RelationScope;
import jujube.state.StateConnection;
import jujube.state.StateConnections;
import jujube.state.internal.CuratorStateConnection;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;

/**
 * A harness, not a test: 4 writers, each with its own connection as separate processes would have,
 * add 300 relations and then 1,000 units (each also assigned to machine 0) over 20 services, all
 * through the /topology compare-and-set. Prints operations per second, retries per operation and the
 * size of /topology, and extrapolates the unit count at which /topology reaches 1 MiB.
 */
public final class TopologyBench {
    private static final int WRITERS = 4;
    private static final int SERVICES = 20;
    private static final int RELATIONS = 300;
    private static final int UNITS = 1_000;

    public static void main(String[] args) throws Exception {
        try (TestingServer zk = new TestingServer(true)) {
            ConnectionConfig config = new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(30), Duration.ofSeconds(10), "",
                    List.of(jujube.state.Credential.generate(jujube.state.Credential.ADMIN)));
            List<StateConnection> writers = new ArrayList<>();
            for (int i = 0; i < WRITERS; i++) {
                StateConnection c = StateConnections.open(config, List.of());
                c.awaitConnected(Duration.ofSeconds(10));
                writers.add(c);
            }
            StateConnection admin = writers.get(0);
            admin.initialize(new EnvironmentSettings("bench", "local", "local", "i-0"));
            admin.charms().publish(new CharmRecord("local:precise/app-1", "file:///app", "sha", Map.of(), Map.of()));
            for (int s = 0; s < SERVICES; s++) {
                admin.services().add("service" + s, "local:precise/app-1");
            }
            int base = topologySize(zk);
            run("relations", writers, RELATIONS, 1, (c, i) -> c.relations().add("iface" + i, RelationScope.GLOBAL, List.of(
                    new RelationEndpoint("service" + (i % SERVICES), "c", RelationRole.CLIENT),
                    new RelationEndpoint("service" + ((i / SERVICES + 1 + i) % SERVICES), "s", RelationRole.SERVER))));
            int withRelations = topologySize(zk);
            run("units (add + assign)", writers, UNITS, 2,
                    (c, i) -> c.units().assign(c.units().add("service" + (i % SERVICES)).name(), 0));
            int full = topologySize(zk);
            double perRelation = (withRelations - base) / (double) RELATIONS;
            double perUnit = (full - withRelations) / (double) UNITS;
            System.out.printf("/topology: %d bytes with %d services, %.0f with %d relations, %d with %d units%n",
                    base, SERVICES, (double) withRelations, RELATIONS, full, UNITS);
            System.out.printf("bytes per relation: %.1f, bytes per unit: %.1f%n", perRelation, perUnit);
            System.out.printf("1 MiB (ZooKeeper's default jute.maxbuffer) is reached at about %.0f units%n",
                    (1_048_576 - withRelations) / perUnit + 0);
            for (StateConnection c : writers) {
                c.close();
            }
        }
    }

    private static void run(String what, List<StateConnection> writers, int count, int casPerOp,
            BiConsumer<StateConnection, Integer> op) throws Exception {
        long[] before = totals(writers);
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> done = new ArrayList<>();
        long start = System.nanoTime();
        for (int w = 0; w < WRITERS; w++) {
            StateConnection c = writers.get(w);
            int first = w;
            done.add(pool.submit(() -> {
                for (int i = first; i < count; i += WRITERS) {
                    op.accept(c, i);
                }
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        long[] after = totals(writers);
        long writes = after[0] - before[0];
        long retries = after[1] - before[1];
        System.out.printf("%s: %d operations (%d topology CAS writes) in %.2f s = %.0f ops/s, %.2f retries per CAS write%n",
                what, count, writes, seconds, count / seconds, retries / (double) writes);
    }

    private static long[] totals(List<StateConnection> writers) {
        long[] sum = new long[2];
        for (StateConnection c : writers) {
            long[] counts = ((CuratorStateConnection) c).compareAndSetCounts();
            sum[0] += counts[0];
            sum[1] += counts[1];
        }
        return sum;
    }

    private static int topologySize(TestingServer zk) throws Exception {
        try (CuratorFramework raw = CuratorFrameworkFactory.newClient(zk.getConnectString(), new RetryOneTime(100))) {
            raw.start();
            return raw.getData().forPath("/topology").length;
        }
    }
}
