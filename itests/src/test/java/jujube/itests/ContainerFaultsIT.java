package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Faults of container machines on the real distribution, one environment for the class (the database on
 * machine 1, the blog on machine 2, related): a machine frozen ({@code lxc-freeze}) and a machine cut off
 * from ZooKeeper (its veth's frames dropped with {@code nft}), each past the session timeout while the
 * operator changes things; the agent inside a container killed, the container's init killed; and every
 * process of the environment killed, as a host reboot would, then {@code bootstrap}. After each, the
 * machines come back from their data and the units run exactly the hooks the changes call for: no
 * committed hook again, none lost.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(ContainerMachines.LOCK)
class ContainerFaultsIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Duration DOWN = Duration.ofSeconds(60);
    private Environment env;
    private ContainerMachines machines;

    @BeforeAll
    void deployRelatedPair() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-lxc-faults"), "faults", "--machines", "container",
                "--placement", "unassigned");
        machines = new ContainerMachines(env);
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        awaitLine("blog/0", 2, "db-relation-changed mysql/0 ready");
    }

    @AfterAll
    void destroy() throws Exception {
        if (env != null) {
            env.close();
        }
    }

    @Test
    @Order(1)
    void a_frozen_machine_shows_down_and_thawed_runs_what_changed_meanwhile_once() throws Exception {
        List<String> before = log("blog/0", 2);
        machines.freeze(2);
        try {
            awaitMachine(2, "down");
            env.ok("set", "blog", "title=while frozen"); // waits in ZooKeeper for the machine
            assertEquals("FROZEN", machines.state(2));
        } finally {
            machines.thaw(2);
        }
        awaitMachine(2, "running");
        awaitLine("blog/0", 2, "config-changed - port=8080", before.size());
        assertRanExactlyOnceMoreEach(before, "blog/0", 2, "title=after freeze", "config-changed - port=8080");
    }

    @Test
    @Order(2)
    void a_machine_cut_off_from_zookeeper_catches_up_once_healed() throws Exception {
        List<String> before = log("mysql/0", 1);
        try (AutoCloseable cut = machines.cut(1)) {
            awaitMachine(1, "down");
            env.ok("add-unit", "blog"); // blog/1 on machine 3 joins the relation while mysql/0 is cut off
            env.awaitUnits(Map.of("mysql/0", "down", "blog/0", "started", "blog/1", "started"));
            assertTrue(log("mysql/0", 1).stream().noneMatch(l -> l.contains("blog/1")), "mysql/0 saw nothing while cut");
        }
        awaitMachine(1, "running");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));
        awaitLine("blog/1", 3, "db-relation-changed mysql/0 ready");
        awaitLine("mysql/0", 1, "db-relation-changed blog/1 ready=true");
        List<String> after = log("mysql/0", 1);
        assertEquals(before, after.subList(0, before.size()), "mysql/0 ran no hook again");
        assertEquals(1, after.stream().filter(l -> l.startsWith("db-relation-joined blog/1 ")).count(), after.toString());
    }

    @Test
    @Order(3)
    void the_agent_killed_inside_its_container_comes_back_with_its_units() throws Exception {
        long monitor = env.machinePid(2);
        ProcessHandle agent = ProcessHandle.of(monitor).orElseThrow().descendants()
                .filter(p -> p.info().command().orElse("").endsWith("/java")).findFirst().orElseThrow();
        List<String> before = log("blog/0", 2);
        agent.destroyForcibly(); // SIGKILL
        env.awaitMachineRestarted(2, monitor);
        awaitMachine(2, "running");
        assertRanExactlyOnceMoreEach(before, "blog/0", 2, "title=after agent kill", "config-changed - port=8080");
    }

    @Test
    @Order(4)
    void the_containers_init_killed_restarts_the_machine() throws Exception {
        long monitor = env.machinePid(3);
        long init = Long.parseLong(machines.host("lxc-info", "-n", machines.name(3), "-P",
                jujube.provider.local.LocalLayout.containersDir(env.dir()).toString(), "-p", "-H").strip());
        List<String> before = log("blog/1", 3);
        ProcessHandle.of(init).orElseThrow().destroyForcibly(); // SIGKILL: the container goes with its init
        env.awaitMachineRestarted(3, monitor);
        awaitMachine(3, "running");
        assertRanExactlyOnceMoreEach(before, "blog/1", 3, "title=after init kill", "config-changed - port=8080");
    }

    @Test
    @Order(5)
    void every_process_killed_then_bootstrap_brings_every_machine_back() throws Exception {
        List<String> blog = log("blog/0", 2);
        List<Long> monitors = List.of(env.machinePid(0), env.machinePid(1), env.machinePid(2), env.machinePid(3));
        for (ProcessHandle p : Distribution.processesMentioning(env.dir())) {
            p.destroyForcibly(); // what a power cut leaves: no process, the data on disk
        }
        POLLING.await("every process of the environment gone").atMost(DOWN)
                .until(() -> Distribution.processesMentioning(env.dir()).isEmpty());
        Distribution.Run restart = env.run("bootstrap");
        assertEquals(0, restart.exit(), restart.err());
        assertTrue(restart.out().contains("Restarted environment 'faults'"), restart.out());
        for (int machine = 0; machine < monitors.size(); machine++) {
            env.awaitMachineRestarted(machine, monitors.get(machine));
            awaitMachine(machine, "running");
        }
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));
        assertRanExactlyOnceMoreEach(blog, "blog/0", 2, "title=after reboot", "config-changed - port=8080");
    }

    /**
     * The unit ran no hook since {@code before} but, once {@code title} is set, exactly one more
     * {@code line}: a hook run twice or one left over from the fault would show among the new lines. Every
     * other unit of the service is awaited too, so that the next test starts with none of this change
     * still on its way (a late hook of it would be counted there as one too many).
     */
    private void assertRanExactlyOnceMoreEach(List<String> before, String unit, int machine, String title, String line)
            throws Exception {
        String service = unit.substring(0, unit.indexOf('/'));
        Map<String, Integer> machines = new TreeMap<>();
        env.status().path("services").path(service).path("units").fields()
                .forEachRemaining(u -> machines.put(u.getKey(), u.getValue().path("machine").asInt()));
        Map<String, Integer> seenBy = new TreeMap<>();
        machines.forEach((u, m) -> seenBy.put(u, log(u, m).size()));
        int seen = log(unit, machine).size();
        env.ok("set", service, title);
        awaitLine(unit, machine, line, seen);
        machines.forEach((u, m) -> awaitLine(u, m, line, seenBy.get(u)));
        List<String> after = log(unit, machine);
        assertEquals(before, after.subList(0, before.size()), unit + " ran no committed hook again");
        assertEquals(List.of(line), after.subList(seen, after.size()), unit + "'s hooks after the marker: " + after);
    }

    private List<String> log(String unit, int machine) {
        return Environment.lines(env.unitDir(machine, unit).resolve("hook.log"));
    }

    private void awaitLine(String unit, int machine, String line) {
        awaitLine(unit, machine, line, 0);
    }

    /** Waits until {@code line} is in the unit's hook.log after its first {@code from} lines. */
    private void awaitLine(String unit, int machine, String line, int from) {
        POLLING.await(unit + " logs '" + line + "'").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            List<String> lines = log(unit, machine);
            return lines.size() > from && lines.subList(from, lines.size()).contains(line);
        }, () -> "last seen: " + log(unit, machine).toString()));
    }

    private void awaitMachine(int machine, String state) {
        POLLING.await("machine " + machine + " " + state).atMost(DOWN)
                .untilAsserted(() -> assertTrue(() -> state.equals(env.status().path("machines").path(Integer.toString(machine)).path("agent-state").asText()),
                        () -> "last seen: " + env.status().path("machines").toString()));
    }
}
