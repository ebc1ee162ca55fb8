package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** bootstrap, status and destroy-environment of the real distribution, with real processes. */
class LocalEnvironmentIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private Path home;
    private Distribution jujube;

    @BeforeEach
    void setUp() throws Exception {
        home = SCRATCH.make("jujube-it");
        jujube = new Distribution(home);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (Files.exists(jujube.envDir())) {
            jujube.jujube("destroy-environment", "-y");
        }
        for (ProcessHandle p : Distribution.processesMentioning(home)) {
            p.destroyForcibly();
        }
    }

    @Test
    void bootstrap_status_destroy_leave_nothing_behind() throws Exception {
        Distribution.Run boot = jujube.jujube("bootstrap", "--machines", "process");
        assertEquals(0, boot.exit(), boot.err());
        assertTrue(boot.out().contains("Bootstrapped environment 'local'"), boot.out());
        assertTrue(boot.err().contains("on process machines hooks run as root on this host"), "the operator is told: "
                + boot.err());

        Distribution.Run status = jujube.jujube("status");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().matches("(?s)machines:\\s+\"?0\"?:\\s+agent-state: running.*"), status.out());
        Distribution.Run json = jujube.jujube("status", "--format", "json");
        assertTrue(json.out().replaceAll("\\s", "").contains("\"0\":{\"agent-state\":\"running\""), json.out());

        String environment = Files.readString(jujube.envDir().resolve("environment.yaml"));
        List<ProcessHandle> before = Distribution.processesMentioning(home);
        assertEquals(3, before.size(), "the controller's supervisor, the controller and machine 0: " + before);
        Distribution.Run again = jujube.jujube("bootstrap", "--machines", "process");
        assertEquals(0, again.exit());
        assertTrue(again.err().contains("environment 'local' already bootstrapped"), again.err());
        assertEquals(environment, Files.readString(jujube.envDir().resolve("environment.yaml")));
        assertEquals(before, Distribution.processesMentioning(home), "bootstrapping twice starts nothing");

        Distribution.Run destroy = jujube.jujube("destroy-environment", "-y");
        assertEquals(0, destroy.exit(), destroy.err());
        assertEquals(List.of(), Distribution.processesMentioning(home), "no process of the environment left");
        assertFalse(Files.exists(jujube.envDir()), "no data left");
    }

    @Test
    void killed_agents_leave_nothing_in_the_temp_directory() throws Exception {
        // FileInstall made a scratch directory there at every start, removed only at a normal exit: every
        // agent killed or crashed left one in /tmp. The agents get a temp directory of their own here (the
        // other options are bin/jujube-agent's defaults).
        Path agentTmp = Files.createDirectory(home.resolve("agent-tmp"));
        Distribution.Run boot = jujube.jujube(Map.of("JUJUBE_AGENT_JAVA_OPTS",
                "-Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.io.tmpdir=" + agentTmp), "bootstrap", "--machines", "process");
        assertEquals(0, boot.exit(), boot.err());
        List<ProcessHandle> agents = new ArrayList<>(Distribution.processesMentioning(jujube.envDir()));
        assertEquals(3, agents.size(), "the controller's supervisor, the controller and machine 0: " + agents);
        // the supervisor first: it would start the controller again
        agents.sort(Comparator.comparing(p -> !p.info().arguments().map(a -> String.join(" ", a)).orElse("")
                .contains("bin/jujube-supervise")));
        for (ProcessHandle agent : agents) {
            agent.destroyForcibly(); // SIGKILL
            agent.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        try (var left = Files.list(agentTmp)) {
            assertEquals(List.of(), left.toList(), "nothing left in the agents' temp directory");
        }
    }

    @Test
    void destroy_asks_for_confirmation() throws Exception {
        assertEquals(0, jujube.jujube("bootstrap", "--machines", "process").exit());
        Distribution.Run refused = jujube.jujube("destroy-environment");
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("aborted"), refused.err());
        assertEquals(3, Distribution.processesMentioning(home).size());
    }

    @Test
    void bad_input_gets_one_line_and_the_right_exit_code() throws Exception {
        Distribution.Run unknown = jujube.jujube("frobnicate");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("Unmatched argument") && unknown.err().contains("Usage"), unknown.err());
        Distribution.Run flag = jujube.jujube("status", "--bogus");
        assertEquals(2, flag.exit());
        assertTrue(flag.err().contains("Unknown option: '--bogus'"), flag.err());

        Path file = Files.createFile(home.resolve("not-a-dir"));
        Distribution.Run unwritable = jujube.run(Map.of("JUJUBE_HOME", file.resolve("home").toString()),
                jujube.dist.resolve("bin/jujube").toString(), "bootstrap");
        assertEquals(1, unwritable.exit());
        assertEquals(1, unwritable.err().strip().lines().count(), unwritable.err());
        assertTrue(unwritable.err().startsWith("jujube: JUJUBE_HOME " + file.resolve("home") + " is not writable"),
                unwritable.err());

        Distribution.Run notBootstrapped = jujube.jujube("status");
        assertEquals(1, notBootstrapped.exit());
        assertTrue(notBootstrapped.err().contains("environment 'local' is not bootstrapped"), notBootstrapped.err());
    }
}
