package jujube.state.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Function;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.CountingZooKeeper;
import jujube.state.CountingZooKeeper.NodeSize;
import jujube.state.EnvironmentSettings;
import jujube.model.Placement;
import jujube.state.Presence;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.ServiceDeployment;
import jujube.state.StateConnection;
import jujube.state.TransactionTooLargeException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.Watch;
import jujube.state.curator.internal.CountedTransactions;

/**
 * A harness, not a test: 4 writers, each with its own connection as separate processes would have, add
 * 300 relations and then 1,000 units (each on machine 0) over 20 services, through the topology's
 * compare-and-set and transactions; each way of adding units gets an environment of its own, so each
 * starts at the same size. Then a deploy of 500 units, the way the command line wrote it before (the
 * service, then each unit and its placement) and as one transaction. Prints operations per second, lost
 * attempts per write, ZooKeeper requests and bytes sent back (counted by the in-process server) and the
 * size of /topology.
 *
 * <p>Then the scale phases (skipped with {@code -Dbench.scale=false}): an environment grown to 20,000
 * units (batched adds over 100 services) where 1,000 more units are added one at a time, then given
 * 5,000 relations, and its whole tree walked for its largest node; and the reads a unit agent makes at
 * start, with 100 units and with 20,000 (300 relations over 20 services in both). Everything goes
 * through the {@code jujube.state} API and is measured at the server, so the harness runs unchanged on
 * any topology layout; a phase the layout cannot hold says where it stopped and why, and the rest go on.
 *
 * <p>Properties: {@code bench.base=false} skips the comparison phases above; {@code bench.scaleUnits}
 * and {@code bench.scaleRelations} (20,000 and 5,000) size the scale phases, for a quick check.
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
    private static final Map<String, ConnectionConfig> CONFIGS = new ConcurrentHashMap<>();

    private static final boolean BASE = Boolean.parseBoolean(System.getProperty("bench.base", "true"));
    private static final boolean SCALE = Boolean.parseBoolean(System.getProperty("bench.scale", "true"));
    private static final int SCALE_UNITS = Integer.getInteger("bench.scaleUnits", 20_000);
    private static final int SCALE_RELATIONS = Integer.getInteger("bench.scaleRelations", 5_000);
    /** Enough services that 5,000 relations are at most 100 per service and no unit batch is huge. */
    private static final int SCALE_SERVICES = 100;
    /** Units per batched add while growing: 87 KB of request, well under the 1 MB and 5,000-unit limits. */
    private static final int GROWTH_BATCH = 500;
    private static final int SMALL_ENVIRONMENT = 100;
    private static final int TENTH_OF_LIMIT = CountingZooKeeper.NODE_LIMIT / 10;

    public static void main(String[] args) throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper()) {
            if (BASE) {
                comparisonPhases(zk);
            }
            agentStart(zk, "start-" + SMALL_ENVIRONMENT, SMALL_ENVIRONMENT);
            if (SCALE) {
                agentStart(zk, "start-" + SCALE_UNITS, SCALE_UNITS);
                scale(zk);
            } else {
                System.out.println("scale phases skipped (-Dbench.scale=false)");
            }
        }
    }

    /** The phases of the earlier results, unchanged: what a new layout is compared with. */
    private static void comparisonPhases(CountingZooKeeper zk) throws Exception {
        List<StateConnection> writers = environment(zk, "pairs", SERVICES);
        int base = topologySize(zk, "pairs");
        run("relations", zk, writers, RELATIONS, 1, (c, i) -> relate(c, i, SERVICES));
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

    /**
     * Goals 1 and 2: grow to 20,000 units in batches, add 1,000 more one at a time (the rate with the
     * environment full), add 5,000 relations, then walk the tree for the nodes nearest ZooKeeper's limit.
     */
    private static void scale(CountingZooKeeper zk) throws Exception {
        String chroot = "scale";
        List<StateConnection> writers = environment(zk, chroot, SCALE_SERVICES);
        int batches = SCALE_UNITS / GROWTH_BATCH;
        int grown = run("scale: grow to " + SCALE_UNITS + " units, add-unit -n " + GROWTH_BATCH
                + " --to 0 (split when too large) over " + SCALE_SERVICES + " services", zk, writers, batches,
                GROWTH_BATCH,
                (c, i) -> addFitting(c, service(i, SCALE_SERVICES), GROWTH_BATCH));
        int units = writers.get(0).units().list().size(); // a batch cut short may have added part of its units
        if (grown == batches) {
            run("scale: units " + SCALE_UNITS + " -> " + (SCALE_UNITS + UNITS)
                    + ", add-unit --to 0 (1 transaction each)", zk, writers, UNITS, 1,
                    (c, i) -> c.units().add(service(i, SCALE_SERVICES), 1, Placement.machine(0)));
        } else {
            System.out.printf("scale: units %d -> %d not measured: the environment stopped at %d units%n",
                    SCALE_UNITS, SCALE_UNITS + UNITS, units);
        }
        run("scale: " + SCALE_RELATIONS + " relations over " + SCALE_SERVICES + " services", zk, writers,
                SCALE_RELATIONS, 1, (c, i) -> relate(c, i, SCALE_SERVICES));
        close(writers);
        largestNodes(zk, chroot);
    }

    /** Prints the tree's size, its largest node and the nodes above a tenth of ZooKeeper's limit. */
    private static void largestNodes(CountingZooKeeper zk, String chroot) {
        List<NodeSize> nodes = zk.nodesUnder("/" + chroot);
        long total = nodes.stream().mapToLong(NodeSize::bytes).sum();
        NodeSize largest = nodes.stream().max(Comparator.comparingInt(NodeSize::bytes)).orElseThrow();
        List<NodeSize> large = nodes.stream().filter(n -> n.bytes() > TENTH_OF_LIMIT)
                .sorted(Comparator.comparingInt(NodeSize::bytes).reversed()).toList();
        System.out.printf("scale: tree under /%s: %,d nodes, %,d bytes of data; largest %s, %,d bytes (%.1f%% of the"
                + " %,d-byte limit); %d nodes above 10%% (%,d bytes)%s%n", chroot, nodes.size(), total, largest.path(),
                largest.bytes(), 100.0 * largest.bytes() / CountingZooKeeper.NODE_LIMIT, CountingZooKeeper.NODE_LIMIT,
                large.size(), TENTH_OF_LIMIT, large.isEmpty() ? "" : ": " + large.stream().limit(5)
                        .map(n -> n.path() + " " + n.bytes()).toList() + (large.size() > 5 ? " ..." : ""));
    }

    /**
     * Goal 3: what one unit agent reads from the state when it starts, in an environment of {@code units}
     * units and the 300 relations over 20 services: requests and bytes, as a fresh process would (its own
     * connection, nothing cached), step by step.
     */
    private static void agentStart(CountingZooKeeper zk, String chroot, int units) throws Exception {
        List<StateConnection> writers = related(zk, chroot);
        int batch = Math.min(GROWTH_BATCH, Math.max(1, units / SERVICES));
        AtomicReference<UnitName> first = new AtomicReference<>();
        run(chroot + ": grow to " + units + " units (" + RELATIONS + " relations, " + SERVICES
                + " services), add-unit -n " + batch + " --to 0 (split when too large)", zk, writers, units / batch,
                batch, (c, i) -> {
                    List<UnitInfo> infos = addFitting(c, service(i), batch);
                    if (i == 0) {
                        first.set(infos.get(0).name());
                    }
                });
        // a batch cut short by the layout's limit may have added part of its units
        int added = writers.get(0).units().list().size();
        close(writers);
        if (first.get() == null) {
            System.out.printf("%s: agent start not measured: no unit%n", chroot);
            return;
        }
        List<Step> steps = startReads(zk, config(zk, chroot), first.get());
        long requests = steps.stream().mapToLong(Step::requests).sum();
        long bytes = steps.stream().mapToLong(Step::bytes).sum();
        System.out.printf("%s: unit agent start of %s with %d units: %d ZooKeeper requests, %,d bytes%n", chroot,
                first.get(), added, requests, bytes);
        System.out.printf("%s:   %s%n", chroot, String.join("; ", steps.stream()
                .map(s -> s.call() + " " + s.requests() + " req " + s.bytes() + " B").toList()));
    }

    /** One call of a start: the requests it cost and the bytes the server sent back for it. */
    private record Step(String call, long requests, long bytes) {
    }

    /**
     * The state reads of a unit agent's start (jujube.agent.unit: UnitAgentRuntime's parts, then
     * UnitAgentLoop's first reconciliation), in their order, on a connection of its own. The agent's own
     * writes (workflow state, status, hooks) are left out: they follow from what it runs, not from the
     * environment's size; its presence is in, as every start makes it.
     */
    private static List<Step> startReads(CountingZooKeeper zk, ConnectionConfig config, UnitName unit)
            throws Exception {
        List<Step> steps = new ArrayList<>();
        List<AutoCloseable> held = new ArrayList<>();
        StateConnection[] agent = new StateConnection[1];
        step(zk, steps, "connect", () -> {
            agent[0] = COUNTS.open(config);
            agent[0].awaitConnected(Duration.ofSeconds(10));
        });
        StateConnection state = agent[0];
        try {
            // CharmUpgrader.rememberCharm: the unit's charm
            step(zk, steps, "units.get", () -> state.units().get(unit));
            // RelationLifecycles.start, then its watch's first delivery reconciles with the service's relations
            step(zk, steps, "relations.migrateScopeMembership", () -> state.relations().migrateScopeMembership());
            step(zk, steps, "relations.watch+ofService+members", () -> {
                held.add(firstDelivery(d -> state.relations().watch(change -> d.run())));
                for (RelationInfo relation : state.relations().ofService(unit.service())) {
                    state.relations().of(relation.id(), unit).relatedUnits();
                }
            });
            step(zk, steps, "units.relationWorkflowStates", () -> state.units().relationWorkflowStates(unit));
            // UnitCommands.start
            step(zk, steps, "runs.watch",
                    () -> held.add(firstDelivery(d -> state.runs().watch(unit, change -> d.run()))));
            // UnitAgentLoop.run: presence, the synchronize's reads, the flags, then the watches
            step(zk, steps, "units.connectAgent", () -> held.add(state.units().connectAgent(unit)));
            step(zk, steps, "services.get", () -> state.services().get(unit.service()));
            step(zk, steps, "services.config", () -> state.services().config(unit.service()));
            step(zk, steps, "environmentConfig.get", () -> state.environmentConfig().get());
            step(zk, steps, "units.flags", () -> state.units().flags(unit));
            step(zk, steps, "units.watchFlags",
                    () -> held.add(firstDelivery(d -> state.units().watchFlags(unit, change -> d.run()))));
            step(zk, steps, "services.watchConfig",
                    () -> held.add(firstDelivery(d -> state.services().watchConfig(unit.service(), change -> d.run()))));
            step(zk, steps, "environmentConfig.watch",
                    () -> held.add(firstDelivery(d -> state.environmentConfig().watch(change -> d.run()))));
        } finally {
            for (int i = held.size() - 1; i >= 0; i--) {
                held.get(i).close();
            }
            state.close();
        }
        return steps;
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void step(CountingZooKeeper zk, List<Step> steps, String call, Call body) throws Exception {
        long requests = zk.requests();
        long bytes = zk.bytesSent();
        body.run();
        steps.add(new Step(call, zk.requests() - requests, zk.bytesSent() - bytes));
    }

    /**
     * Starts a watch and waits for its first delivery, so its reads are counted in its step. A watch that
     * delivers nothing at first is left after 10 s (and said so), rather than hanging the harness.
     */
    private static AutoCloseable firstDelivery(Function<Runnable, Watch> start) throws InterruptedException {
        CountDownLatch delivered = new CountDownLatch(1);
        Watch watch = start.apply(delivered::countDown);
        if (!delivered.await(10, TimeUnit.SECONDS)) {
            System.out.println("  (a watch delivered nothing within 10 s)");
        }
        return watch::close;
    }

    /**
     * Adds {@code count} units on machine 0 in as few transactions as fit: a unit of a related service
     * costs a node per relation as well (its scope membership), so what fits in one request depends on
     * the layout and the relations, and a refused request is split in two. A single unit refused is the
     * environment's limit, thrown.
     */
    private static List<UnitInfo> addFitting(StateConnection c, String service, int count) {
        try {
            return c.units().add(service, count, Placement.machine(0));
        } catch (TransactionTooLargeException e) {
            if (count == 1) {
                throw e;
            }
            List<UnitInfo> added = new ArrayList<>(addFitting(c, service, count / 2));
            added.addAll(addFitting(c, service, count - count / 2));
            return added;
        }
    }

    private static String service(int i) {
        return service(i, SERVICES);
    }

    private static String service(int i, int services) {
        return "service" + (i % services);
    }

    /**
     * Relation {@code i}: its own interface name, so every relation is a new (interface, services) pair,
     * between service i and a partner further on that is never service i itself (while i < services^2).
     */
    private static void relate(StateConnection c, int i, int services) {
        c.relations().add("iface" + i, RelationScope.GLOBAL, List.of(
                new RelationEndpoint(service(i, services), "c", RelationRole.CLIENT),
                new RelationEndpoint(service(i / services + 1 + i, services), "s", RelationRole.SERVER)));
    }

    /** The connection settings of an environment: one admin credential per environment, as its ACLs name it. */
    private static ConnectionConfig config(CountingZooKeeper zk, String chroot) {
        return CONFIGS.computeIfAbsent(chroot, c -> new ConnectionConfig(zk.connectString(), Duration.ofSeconds(30),
                Duration.ofSeconds(10), c, List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN))));
    }

    /** An initialized environment under its own chroot, with the charm and the services; its writers' connections. */
    private static List<StateConnection> environment(CountingZooKeeper zk, String chroot, int services) {
        ConnectionConfig config = config(zk, chroot);
        List<StateConnection> writers = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            StateConnection c = COUNTS.open(config);
            c.awaitConnected(Duration.ofSeconds(10));
            writers.add(c);
        }
        StateConnection admin = writers.get(0);
        admin.initialize(new EnvironmentSettings("bench", "local", "local", "i-0"));
        admin.charms().publish(new CharmRecord(CHARM, "file:///app", "sha", Map.of(), Map.of()));
        for (int s = 0; s < services; s++) {
            admin.services().add(service(s, services), CHARM);
        }
        return writers;
    }

    /** {@link #environment} of 20 services with the 300 relations, added by one writer. */
    private static List<StateConnection> related(CountingZooKeeper zk, String chroot) {
        List<StateConnection> writers = environment(zk, chroot, SERVICES);
        for (int i = 0; i < RELATIONS; i++) {
            relate(writers.get(0), i, SERVICES);
        }
        return writers;
    }

    private static void deploys(CountingZooKeeper zk) {
        List<StateConnection> writers = environment(zk, "deploys", SERVICES);
        StateConnection c = writers.get(0);
        long requests = zk.requests();
        long bytes = zk.bytesSent();
        long start = System.nanoTime();
        c.services().add("one-by-one", CHARM);
        for (int i = 0; i < DEPLOYED; i++) {
            UnitName unit = c.units().add("one-by-one").name();
            c.units().assign(unit, 0);
        }
        report("deploy -n " + DEPLOYED + ", service then each unit and its placement", start, zk.requests() - requests,
                zk.bytesSent() - bytes);
        requests = zk.requests();
        bytes = zk.bytesSent();
        start = System.nanoTime();
        c.services().deploy(new ServiceDeployment("transaction", CHARM, Map.of(), List.of(), DEPLOYED,
                Placement.machine(0)));
        report("deploy -n " + DEPLOYED + ", one transaction", start, zk.requests() - requests, zk.bytesSent() - bytes);
        close(writers);
    }

    private static void report(String what, long start, long requests, long bytes) {
        System.out.printf("%s: %d ZooKeeper requests, %,d bytes sent, in %.3f s%n", what, requests, bytes,
                (System.nanoTime() - start) / 1e9);
    }

    /**
     * Runs {@code count} operations, each adding {@code perOp} things, spread over the writers, and prints
     * the rate. The first failure stops every writer (a layout that cannot hold more fails every write
     * after it): the line then says how far it got and why. Returns the operations that succeeded.
     */
    private static int run(String what, CountingZooKeeper zk, List<StateConnection> writers, int count, int perOp,
            BiConsumer<StateConnection, Integer> op) throws Exception {
        long[] before = totals();
        long requests = zk.requests();
        long bytes = zk.bytesSent();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int w = 0; w < WRITERS; w++) {
            StateConnection c = writers.get(w);
            futures.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < count && failure.get() == null; i = next.getAndIncrement()) {
                    try {
                        op.accept(c, i);
                        done.incrementAndGet();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        long[] after = totals();
        long writes = after[0] - before[0];
        long retries = after[1] - before[1];
        int added = done.get() * perOp;
        System.out.printf("%s: %d added (%d topology writes, %d ZooKeeper requests, %,d bytes sent) in %.2f s"
                + " = %.0f per second, %s lost attempts per write%n", what, added, writes, zk.requests() - requests,
                zk.bytesSent() - bytes, seconds, added / seconds,
                writes == 0 ? "no write, no" : String.format("%.2f", retries / (double) writes));
        if (failure.get() != null) {
            RuntimeException e = failure.get();
            System.out.printf("%s: STOPPED after %d of %d operations (the one that failed may have added part of"
                    + " its %d): %s: %s%n", what, done.get(), count, perOp, e.getClass().getSimpleName(),
                    firstLine(e.getMessage()));
        }
        return done.get();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    /** Topology transactions applied and attempts lost, of every writer so far. */
    private static long[] totals() {
        return new long[] {COUNTS.applied(), COUNTS.lost()};
    }

    private static void close(List<StateConnection> writers) {
        writers.forEach(StateConnection::close);
    }

    /**
     * The /topology node's own size (its root alone on a sharded layout), read at the server: the
     * environment's ACLs admit no plain client.
     */
    private static int topologySize(CountingZooKeeper zk, String chroot) {
        return zk.dataSize("/" + chroot + "/topology");
    }
}
