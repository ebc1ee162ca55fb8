package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.model.WorkloadStatus;
import jujube.provider.local.EnvironmentFile;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Leadership on container machines, with the example charm of today's shape: three peers elect one
 * leader, which publishes its greeting for the others to report; its machine frozen past the session
 * timeout, another unit takes over, and the old leader, thawed, is told it no longer leads before its next
 * hook; the new leader's container killed at its init, another unit takes over (the third, or the old
 * leader back with a new candidacy). A thread samples the election as ZooKeeper shows it all along: one
 * leader at a time, the lead passing twice. Through it all, each unit runs leader-elected once per term it
 * leads, and relation-created once, before any joined.
 */
@ResourceLock(ContainerMachines.LOCK)
class LeadershipIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose
    private Environment env;
    @AutoClose
    private StateConnection state;

    @Test
    void the_lead_passes_on_when_the_leaders_machine_freezes_and_when_its_container_dies() throws Exception {
        Path home = SCRATCH.make("jujube-leaders");
        Path packed = TodaysCharmIT.pack(Environment.EXAMPLES.resolve("greeter"),
                home.resolve("greeter_ubuntu-22.04-amd64.charm"));
        env = Environment.bootstrap(home, "leaders", "--machines", "container", "--placement", "unassigned");
        ContainerMachines machines = new ContainerMachines(env);
        assertEquals(0, env.run("deploy", packed.toString(), "-n", "3").exit());
        env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started", "greeter/2", "started"));
        state = StateConnections.open(Administrator.connection(new EnvironmentFile(env.dir()).read().connectString(),
                env.dir()), List.of());
        state.awaitConnected(Duration.ofSeconds(30));

        UnitName first = awaitLeader(Optional.empty());
        awaitEveryUnitReports(first);

        // the election as ZooKeeper shows it, all along: who leads, each time it changes
        List<String> leaders = new CopyOnWriteArrayList<>(List.of(first.toString()));
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                try {
                    String now = String.valueOf(state.overview().leaders().get("greeter"));
                    if (!now.equals(leaders.get(leaders.size() - 1))) {
                        leaders.add(now);
                    }
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // a read cut short: the next sample tells
                }
            }
        }, "leader-sampler");
        sampler.start();
        try {
            // 1. the leader's machine frozen past the session timeout
            int frozen = machineOf(first);
            long frozenAt = System.nanoTime();
            machines.freeze(frozen);
            UnitName second;
            try {
                second = awaitLeader(Optional.of(first));
                Environment.converging("the new leader's leader-elected").until(() ->
                        appStatusMessage().equals("greeting set by " + second));
                long elected = System.nanoTime() - frozenAt;
                System.out.printf("leader failover after a freeze: %d ms to the new leader's leader-elected%n",
                        elected / 1_000_000);
                assertEquals(List.of(first.toString(), second.toString()), leaders, "the lead passed once");
            } finally {
                machines.thaw(frozen);
            }
            List<String> beforeThaw = events(first);
            Environment.converging("the old leader's next hook").until(() -> events(first).size() > beforeThaw.size());
            List<String> sinceThaw = events(first);
            List<String> afterThaw = sinceThaw.subList(beforeThaw.size(), sinceThaw.size());
            assertTrue(afterThaw.stream().allMatch(e -> e.endsWith(" leader=False")),
                    "the old leader knew it lost the lead before its next hook: " + afterThaw);
            awaitEveryUnitReports(second);

            // 2. the new leader's container killed at its init
            int killed = machineOf(second);
            long monitor = env.machinePid(killed);
            long init = Long.parseLong(machines.host("lxc-info", "-n", machines.name(killed), "-P",
                    jujube.provider.local.LocalLayout.containersDir(env.dir()).toString(), "-p", "-H").strip());
            ProcessHandle.of(init).orElseThrow().destroyForcibly();
            UnitName third = awaitLeader(Optional.of(second));
            env.awaitMachineRestarted(killed, monitor);
            env.awaitUnits(Map.of("greeter/0", "started", "greeter/1", "started", "greeter/2", "started"));
            awaitEveryUnitReports(third);
            assertEquals(List.of(first.toString(), second.toString(), third.toString()), leaders,
                    "the lead passed twice, each time to another unit than the one that lost it");
        } finally {
            sampling.set(false);
            sampler.join(5_000);
        }
        // leader-elected once per term: as often on each unit as the sampler saw it take the lead (the old
        // leader, back in the election with a new candidacy, may well be the third leader)
        for (UnitStatus u : state.overview().units()) {
            String unit = u.info().name().toString();
            long terms = leaders.stream().filter(unit::equals).count();
            assertEquals(terms, events(u.info().name()).stream().filter(e -> e.startsWith("leader-elected ")).count(),
                    unit + " led " + terms + " times: " + events(u.info().name()));
        }
        // relation-created once on every unit, before its first joined, through the freeze and the kill
        for (UnitStatus u : state.overview().units()) {
            List<String> events = events(u.info().name());
            List<String> kinds = events.stream().map(e -> e.split(" ")[0]).toList();
            assertEquals(1, kinds.stream().filter("replicas-relation-created"::equals).count(), events.toString());
            assertTrue(kinds.indexOf("replicas-relation-created") < kinds.indexOf("replicas-relation-joined"),
                    events.toString());
        }
    }

    /** The unit that leads, once one other than {@code previous} does. */
    private UnitName awaitLeader(Optional<UnitName> previous) {
        UnitName[] found = new UnitName[1];
        Environment.converging("a leader other than " + previous).until(() -> {
            found[0] = state.overview().leaders().get("greeter");
            return found[0] != null && !previous.equals(Optional.of(found[0]));
        });
        return found[0];
    }

    /** Waits until every unit reports the greeting {@code leader} published. */
    private void awaitEveryUnitReports(UnitName leader) {
        Environment.converging("every unit reports " + leader + "'s greeting").until(() -> {
            List<String> messages = new ArrayList<>();
            for (UnitStatus u : state.overview().units()) {
                WorkloadStatus w = u.workload().map(x -> x.status()).orElse(WorkloadStatus.unknown(java.time.Instant.EPOCH));
                messages.add(w.current() + " " + w.message());
            }
            return messages.size() == 3 && messages.stream().allMatch(("active Hello from " + leader)::equals);
        });
    }

    private String appStatusMessage() {
        WorkloadStatus status = state.overview().applicationStatuses().get("greeter");
        return status == null ? "" : status.message();
    }

    private int machineOf(UnitName unit) {
        return state.units().get(unit).machineId().orElseThrow();
    }

    /** The unit's events.log, which its dispatch writes beside its charm, read from the host. */
    private List<String> events(UnitName unit) {
        Path log = env.unitDir(machineOf(unit), unit.toString()).resolve("events.log");
        return Files.exists(log) ? Environment.lines(log) : List.of();
    }
}
