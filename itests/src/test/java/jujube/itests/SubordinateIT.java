package jujube.itests;

import static jujube.itests.SubordinateEnvironment.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Subordinates on the real distribution (seed 004): the example logging charm related to a blog of two
 * units gets one unit in each blog unit's container, a third blog unit gets its own, removing the relation
 * retires them all, and the CLI refuses what would tear a container apart.
 */
class SubordinateIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Duration CONVERGE = Duration.ofSeconds(90);
    private SubordinateEnvironment env;

    @BeforeEach
    void setUp() throws Exception {
        env = SubordinateEnvironment.start(SCRATCH.make("jujube-sub-it"), 2);
    }

    @AfterEach
    void tearDown() throws Exception {
        env.close();
    }

    @Test
    void subordinates_follow_their_principals_and_the_container_relation() throws Exception {
        assertEquals(Map.of(), env.subordinates(), "deploy of a subordinate creates no units");
        ok(env.jujube.jujube("add-relation", "blog", "logging"));
        awaitStartedSubordinates(2);
        for (Map.Entry<UnitName, UnitName> e : env.subordinates().entrySet()) {
            assertSeesOnlyItsPrincipal(e.getKey(), e.getValue());
        }
        String status = ok(env.jujube.jujube("status")).out();
        assertTrue(status.contains("subordinate: true") && status.contains("subordinate-to:\n    - blog"), status);
        assertTrue(status.matches("(?s).*blog/0:.*subordinates:\\s+logging/\\d+:\\s+agent-state: started.*"), status);

        refusals();

        ok(env.jujube.jujube("add-unit", "blog"));
        awaitStartedSubordinates(3);
        UnitName third = env.subordinates().entrySet().stream().filter(e -> e.getValue().number() == 2)
                .map(Map.Entry::getKey).findFirst().orElseThrow();
        assertSeesOnlyItsPrincipal(third, new UnitName("blog", 2));

        Set<UnitName> gone = env.subordinates().keySet();
        Distribution.Run removed = ok(env.jujube.jujube("remove-relation", "blog", "logging"));
        assertEquals("Removed juju-info relation from all service units.\n", removed.out());
        POLLING.await("subordinates removed from state and disk").atMost(CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            try {
                return env.subordinates().isEmpty() && env.unitDirs("logging").isEmpty()
                        && env.agentConfigs("logging").isEmpty();
            } catch (java.io.IOException e) {
                return false;
            }
        }, () -> "last seen: " + env.subordinates().toString()));
        String log = env.machineLog();
        for (UnitName unit : gone) {
            // the unit directory went with the unit: the agent's log is what shows the hooks ran
            assertTrue(log.contains("unit=" + unit + " hook=juju-info-relation-broken: succeeded"), unit + " departed");
            assertTrue(log.contains("unit=" + unit + " hook=stop: succeeded"), unit + " stopped");
        }
        assertEquals(List.of(), env.state.services().get("logging").units(), "the service remains, with no units");
        ok(env.jujube.jujube("destroy-service", "logging"));
    }

    @Test
    void a_removed_principal_takes_its_subordinate_along_whose_stop_hook_runs_first() throws Exception {
        ok(env.jujube.jujube("add-relation", "blog", "logging"));
        awaitStartedSubordinates(2);
        UnitName sub = env.subordinates().entrySet().stream().filter(e -> e.getValue().number() == 0)
                .map(Map.Entry::getKey).findFirst().orElseThrow();
        ok(env.jujube.jujube("remove-unit", "blog/0"));
        POLLING.await("blog/0 and its subordinate gone").atMost(CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            try {
                return !Files.exists(env.unitDir(sub)) && !Files.exists(env.unitDir(new UnitName("blog", 0)))
                        && env.subordinates().size() == 1;
            } catch (RuntimeException e) {
                return false;
            }
        }, () -> "last seen: " + env.subordinates().toString()));
        String log = env.machineLog();
        int subStop = log.indexOf("unit=" + sub + " hook=stop: succeeded");
        int principalStop = log.indexOf("unit=blog/0 hook=stop: succeeded");
        assertTrue(subStop >= 0 && principalStop > subStop, "the subordinate stops first");
    }

    private void refusals() {
        assertRefused("Subordinate services acquire units from their principal service.", "add-unit", "logging");
        assertRefused("Unsupported attempt to remove subordinate unit 'logging/0' while principal service 'blog' is related.",
                "remove-unit", "logging/0");
        assertRefused("Unsupported attempt to destroy subordinate service 'logging' while principal service 'blog' is related.",
                "destroy-service", "logging");
    }

    private void assertRefused(String message, String... command) {
        try {
            Distribution.Run run = env.jujube.jujube(command);
            assertEquals(1, run.exit(), run.out());
            assertEquals("jujube: " + message + "\n", run.err());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private void awaitStartedSubordinates(int count) {
        POLLING.await(count + " subordinates started, one per principal").atMost(CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            Map<UnitName, UnitName> subs = env.subordinates();
            return subs.size() == count && Set.copyOf(subs.values()).equals(env.principals())
                    && env.units().stream().filter(UnitInfo::isSubordinate)
                            .allMatch(u -> u.workflowState().equals("started") && hasJoined(u.name()));
        }, () -> "last seen: " + env.subordinates().toString()));
    }

    private boolean hasJoined(UnitName unit) {
        return Files.exists(env.unitDir(unit).resolve("principal"));
    }

    /** Its hooks ran with its own principal as the only remote unit, and its addresses are the principal's. */
    private void assertSeesOnlyItsPrincipal(UnitName sub, UnitName principal) throws Exception {
        String hooks = Files.readString(env.unitDir(sub).resolve("hook.log"));
        assertTrue(hooks.startsWith("install -\nstart -\n"), hooks);
        assertTrue(hooks.contains("juju-info-relation-joined " + principal + "\n"), hooks);
        assertEquals(1, hooks.lines().filter(l -> l.startsWith("juju-info-relation-joined")).count(), hooks);
        assertTrue(hooks.lines().filter(l -> l.startsWith("juju-info-relation")).allMatch(l -> l.contains(" " + principal)), hooks);
        assertTrue(Files.readString(env.unitDir(sub).resolve("principal")).startsWith("unit=" + principal + "\n"));
        UnitInfo s = env.state.units().get(sub);
        UnitInfo p = env.state.units().get(principal);
        assertTrue(s.machineId().isEmpty(), "no machine of its own");
        assertEquals(p.privateAddress(), s.privateAddress());
        assertEquals(p.publicAddress(), s.publicAddress());
    }
}
