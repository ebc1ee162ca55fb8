package jujube.state.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import jujube.model.WorkloadStatus;
import jujube.state.ConnectionConfig;
import jujube.state.CountingZooKeeper;
import jujube.state.EnvironmentSettings;
import jujube.state.ServiceLeadership;
import jujube.state.StateConnection;
import jujube.state.UnitHandle;
import jujube.state.UnitRelation;
import jujube.state.curator.StateConnections;

/**
 * A harness, not a test: what the state costs each hook tool of today's charms, as the unit agent serves
 * them, beside what {@code relation-get} costs today. Two services related, mysql/0 leading its service;
 * each operation runs {@code bench.calls} times (2,000) after as many warm-up calls, on a connection to an
 * in-process ZooKeeper, and prints the median and 99th percentile in microseconds with the ZooKeeper
 * requests per call. relation-get is the reference: one read of one node.
 *
 * <ul>
 *   <li>{@code relation-get}: a related unit's settings ({@link UnitRelation#settingsOf}), the first read
 *       of a hook (later ones come from the hook's cache);</li>
 *   <li>{@code is-leader}: {@link ServiceLeadership#confirmedTerm()}, a round trip at every call;</li>
 *   <li>{@code relation-get --app}: the remote application's bag ({@link UnitRelation#appSettings});</li>
 *   <li>{@code status-set}: the workload status as the ops library sets it at every event, the same
 *       ({@link UnitHandle#setWorkloadStatus}: read, nothing written), and changed, written with its
 *       status-history entry;</li>
 *   <li>{@code leader-set}: a leader setting merged under the leadership check.</li>
 * </ul>
 */
public final class HookToolStateBench {
    private static final int CALLS = Integer.getInteger("bench.calls", 2_000);

    private HookToolStateBench() {}

    public static void main(String[] args) throws Exception {
        try (CountingZooKeeper zk = new CountingZooKeeper()) {
            ConnectionConfig config = new ConnectionConfig(zk.connectString(), Duration.ofSeconds(30),
                    Duration.ofSeconds(10), "tools", List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN)));
            try (StateConnection state = StateConnections.open(config, List.of())) {
                state.awaitConnected(Duration.ofSeconds(10));
                state.initialize(new EnvironmentSettings("bench", "local", "local", "i-0"));
                state.charms().publish(new CharmRecord("local:precise/app-1", "file:///app", "sha", Map.of(), Map.of()));
                state.services().add("mysql", "local:precise/app-1");
                state.services().add("blog", "local:precise/app-1");
                UnitName db = state.units().add("mysql").name();
                UnitName blog = state.units().add("blog").name();
                state.units().setAddresses(db, "db", "10.0.0.1");
                state.units().setAddresses(blog, "blog", "10.0.0.2");
                RelationInfo relation = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                        new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                        new RelationEndpoint("mysql", "db", RelationRole.SERVER)));
                UnitRelation dbSide = state.relations().of(relation.id(), db);
                UnitRelation blogSide = state.relations().of(relation.id(), blog);
                dbSide.enterScope();
                blogSide.enterScope();
                dbSide.updateSettings(Map.of("user", "wp", "password", "secret"));
                UnitHandle dbUnit = state.unit(db);
                ServiceLeadership leadership = dbUnit.leadership();
                try (ServiceLeadership.Campaign campaign = leadership.campaign(leader -> { })) {
                    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                    while (!leadership.isLeader() && System.nanoTime() < deadline) {
                        Thread.sleep(10);
                    }
                    dbSide.mergeAppSettings(Map.of("database", "wp"));
                    System.out.printf("machine: %d cores, %s %s, %s; %d calls each%n", Runtime.getRuntime().availableProcessors(),
                            System.getProperty("os.name"), System.getProperty("os.version"),
                            System.getProperty("java.version"), CALLS);
                    measure(zk, "relation-get (settingsOf)", () -> blogSide.settingsOf(db));
                    measure(zk, "is-leader (confirmedTerm)", leadership::confirmedTerm);
                    measure(zk, "relation-get --app (appSettings)", () -> blogSide.appSettings("mysql"));
                    int[] n = {0};
                    WorkloadStatus same = new WorkloadStatus("active", "ready", Instant.now());
                    measure(zk, "status-set, the same (ops, every event)", () -> dbUnit.setWorkloadStatus(same, true));
                    measure(zk, "status-set, changed (+ its history)", () -> {
                        WorkloadStatus status = new WorkloadStatus("active", "ready " + n[0]++, Instant.now());
                        dbUnit.setWorkloadStatus(status, true);
                        dbUnit.recordStatus(new jujube.model.StatusEntry(status.since(), "workload:active", "x",
                                status.message()));
                        return status;
                    });
                    measure(zk, "leader-set (guarded merge)", () -> {
                        leadership.mergeSettings(Map.of("k", Integer.toString(n[0]++)));
                        return null;
                    });
                }
            }
        }
    }

    private static void measure(CountingZooKeeper zk, String what, Supplier<?> call) {
        for (int i = 0; i < CALLS; i++) {
            call.get();
        }
        long[] micros = new long[CALLS];
        long requests = zk.requests();
        for (int i = 0; i < CALLS; i++) {
            long start = System.nanoTime();
            call.get();
            micros[i] = (System.nanoTime() - start) / 1_000;
        }
        double perCall = (zk.requests() - requests) / (double) CALLS;
        Arrays.sort(micros);
        System.out.printf("%-36s median %6d us  p99 %6d us  %4.1f requests/call%n", what, micros[CALLS / 2],
                micros[CALLS * 99 / 100], perCall);
    }
}
