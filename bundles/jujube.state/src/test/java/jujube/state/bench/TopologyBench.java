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
import jujube.state.CountingZooKeeper;
import jujube.state.EnvironmentSettings;
import jujube.state.Placement;
import jujube.state.RelationEndpoint;
import jujube.state.RelationRole;
import jujube.state.RelationScope;
import jujube.state.ServiceDeployment;
import jujube.state.StateConnection;
import jujube.state.UnitName;
import jujube.state.internal.CountedTransactions;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/**
 * A harness, not a test: 4 writers, each with its own connection as separate processes would have, add
 * 300 relations and then 1,000 units (each on machine 0) over 20 services, through the topology's
 * compare-and-set and transactions; each way of adding units gets an environment of its own, so each
 * starts at the same size. Then a deploy of 500 units, the way the command line wrote it before (the
 * service, then each unit and its placement) and as one transaction. Prints operations per second, lost
 * attempts per write, ZooKeeper requests (counted by the in-process server) and the size of /topology.
 */
public final class TopologyBench {
    private static final int WRITERS = 4;
    private static final int SERVICES = 20;
    private static final int RELATIONS = 300;
    private static final int UNITS = 1_000;
    private static final int BATCH = 25;
    private static final int DEPLOYED = 500;
    private static final String CHARM = "local:precise/app-1";
    private static final CountedTransactions COUNTS = new CountedTransactions();

    public static void main(String[] args) throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper()) {
            List<StateConnection> writers = environment(zk, "pairs");
            int base = topologySize(zk, "pairs");
            run("relations", zk, writers, RELATIONS, 1, (c, i) -> c.relations().add("iface" + i, RelationScope.GLOBAL, List.of(
                    new RelationEndpoint(service(i), "c", RelationRole.CLIENT),
                    new RelationEndpoint(service(i / SERVICES + 1 + i), "s", RelationRole.SERVER))));
            int withRelations = topologySize(zk, "pairs");
            run("units, add then assign (2 writes each)", zk, writers, UNITS, 1,
                    (c, i) -> c.units().assign(c.units().add(service(i)).name(), 0));
            int full = topologySize(zk, "pairs");
            close(writers);

            writers = related(zk, "single");
            run("units, add-unit --to 0 (1 transaction each)", zk, writers, UNITS, 1,
                    (c, i) -> c.units().add(service(i), 1, Placement.machine(0)));
            close(writers);

            writers = related(zk, "batched");
            run("units, add-unit -n " + BATCH + " --to 0 (1 transaction per " + BATCH + ")", zk, writers, UNITS / BATCH, BATCH,
                    (c, i) -> c.units().add(service(i), BATCH, Placement.machine(0)));
            close(writers);

            deploys(zk);

            double perRelation = (withRelations - base) / (double) RELATIONS;
            double perUnit = (full - withRelations) / (double) UNITS;
            System.out.printf("/topology: %d bytes with %d services, %d with %d relations, %d with %d units%n",
                    base, SERVICES, withRelations, RELATIONS, full, UNITS);
            System.out.printf("bytes per relation: %.1f, bytes per unit: %.1f%n", perRelation, perUnit);
            System.out.printf("1 MiB (ZooKeeper's default jute.maxbuffer) is reached at about %.0f units%n",
                    (1_048_576 - withRelations) / perUnit);
        }
    }

    private static String service(int i) {
        return "service" + (i % SERVICES);
    }

    /** An initialized environment under its own chroot, with the charm and the services; its writers' connections. */
    private static List<StateConnection> environment(CountingZooKeeper zk, String chroot) {
        ConnectionConfig config = new ConnectionConfig(zk.connectString(), Duration.ofSeconds(30), Duration.ofSeconds(10),
                chroot, List.of(jujube.state.Credential.generate(jujube.state.Credential.ADMIN)));
        List<StateConnection> writers = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            StateConnection c = COUNTS.open(config);
            c.awaitConnected(Duration.ofSeconds(10));
            writers.add(c);
        }
        StateConnection admin = writers.get(0);
        admin.initialize(new EnvironmentSettings("bench", "local", "local", "i-0"));
        admin.charms().publish(new CharmRecord(CHARM, "file:///app", "sha", Map.of(), Map.of()));
        for (int s = 0; s < SERVICES; s++) {
            admin.services().add(service(s), CHARM);
        }
        return writers;
    }

    /** {@link #environment} with the 300 relations, added by one writer. */
    private static List<StateConnection> related(CountingZooKeeper zk, String chroot) {
        List<StateConnection> writers = environment(zk, chroot);
        for (int i = 0; i < RELATIONS; i++) {
            writers.get(0).relations().add("iface" + i, RelationScope.GLOBAL, List.of(
                    new RelationEndpoint(service(i), "c", RelationRole.CLIENT),
                    new RelationEndpoint(service(i / SERVICES + 1 + i), "s", RelationRole.SERVER)));
        }
        return writers;
    }

    private static void deploys(CountingZooKeeper zk) {
        List<StateConnection> writers = environment(zk, "deploys");
        StateConnection c = writers.get(0);
        long requests = zk.requests();
        long start = System.nanoTime();
        c.services().add("one-by-one", CHARM);
        for (int i = 0; i < DEPLOYED; i++) {
            UnitName unit = c.units().add("one-by-one").name();
            c.units().assign(unit, 0);
        }
        report("deploy -n " + DEPLOYED + ", service then each unit and its placement", start, zk.requests() - requests);
        requests = zk.requests();
        start = System.nanoTime();
        c.services().deploy(new ServiceDeployment("transaction", CHARM, Map.of(), List.of(), DEPLOYED,
                Placement.machine(0)));
        report("deploy -n " + DEPLOYED + ", one transaction", start, zk.requests() - requests);
        close(writers);
    }

    private static void report(String what, long start, long requests) {
        System.out.printf("%s: %d ZooKeeper requests in %.3f s%n", what, requests, (System.nanoTime() - start) / 1e9);
    }

    /** Runs {@code count} operations, each adding {@code perOp} things, spread over the writers. */
    private static void run(String what, CountingZooKeeper zk, List<StateConnection> writers, int count, int perOp,
            BiConsumer<StateConnection, Integer> op) throws Exception {
        long[] before = totals();
        long requests = zk.requests();
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
        long[] after = totals();
        long writes = after[0] - before[0];
        long retries = after[1] - before[1];
        System.out.printf("%s: %d added (%d topology writes, %d ZooKeeper requests) in %.2f s = %.0f per second,"
                + " %.2f lost attempts per write%n", what, count * perOp, writes, zk.requests() - requests, seconds,
                count * perOp / seconds, retries / (double) writes);
    }

    /** Topology transactions applied and attempts lost, of every writer so far. */
    private static long[] totals() {
        return new long[] {COUNTS.applied(), COUNTS.lost()};
    }

    private static void close(List<StateConnection> writers) {
        writers.forEach(StateConnection::close);
    }

    private static int topologySize(CountingZooKeeper zk, String chroot) throws Exception {
        try (CuratorFramework raw = CuratorFrameworkFactory.newClient(zk.connectString(), new RetryOneTime(100))) {
            raw.start();
            return raw.getData().forPath("/" + chroot + "/topology").length;
        }
    }
}
