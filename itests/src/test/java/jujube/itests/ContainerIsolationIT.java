package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Machines that are LXC containers, on the real distribution: a charm whose install hook changes the
 * system (a file under {@code /etc}, a user, a program under {@code /usr/local}) leaves the host as it
 * was; each machine has its own address, which its units, {@code unit-get} and the database's relation
 * settings carry; a server that a hook starts listens on the same port in two machines at once, each
 * reached from the other at its own address; a subordinate runs in its principal's container; a machine
 * its last unit left goes with its container; and {@code destroy-environment} leaves nothing on the host.
 */
@ResourceLock(ContainerMachines.LOCK)
class ContainerIsolationIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Path ETC_FILE = Path.of("/etc/jujube-isolation-test.conf");
    private static final Path LOCAL_PROGRAM = Path.of("/usr/local/bin/jujube-isolation-test");
    private static final String USER = "jujubeisotest";
    private static final int PORT = 7077;

    @AutoClose // destroys the environment after the test, also when it failed
    private Environment env;

    @BeforeAll
    @AfterAll
    static void hostHasNoneOfTheCharmsChanges() throws Exception {
        // were the machines not isolated, the charm would have changed this host: undo it, and say so
        boolean dirty = Files.deleteIfExists(ETC_FILE) | Files.deleteIfExists(LOCAL_PROGRAM);
        if (userExists()) {
            new ProcessBuilder("userdel", USER).start().waitFor();
            dirty = true;
        }
        assertFalse(dirty, "the host held a change of the isolation charm");
    }

    private static boolean userExists() throws Exception {
        return new ProcessBuilder("getent", "passwd", USER).start().waitFor() == 0;
    }

    private static void writeCharm(TestCharms charms) throws Exception {
        charms.write("isolated", 1, "", Map.of(
                "install", "echo \"written by $JUJU_UNIT_NAME\" > " + ETC_FILE + "\n"
                        + "useradd --system --no-create-home " + USER + "\n"
                        + "printf '#!/bin/sh\\necho isolated\\n' > " + LOCAL_PROGRAM + "\nchmod 755 " + LOCAL_PROGRAM + "\n"
                        + TestCharms.logs("install"),
                "start", "mkdir -p \"$unit_dir/www\"\n"
                        + "unit-get private-address > \"$unit_dir/www/whoami\"\n"
                        + "cd \"$unit_dir/www\"\n"
                        + "setsid python3 -m http.server " + PORT + " >/dev/null 2>&1 </dev/null &\n"
                        + "echo $! > \"$unit_dir/server.pid\"\n"
                        + TestCharms.logs("start"),
                "stop", "kill \"$(cat \"$unit_dir/server.pid\")\" || true\n" + TestCharms.logs("stop")));
    }

    @Test
    void machines_are_isolated_from_the_host_and_reach_each_other_at_their_own_addresses() throws Exception {
        Path home = SCRATCH.make("jujube-lxc");
        env = Environment.bootstrap(home, "iso", "--machines", "container", "--placement", "unassigned");
        ContainerMachines machines = new ContainerMachines(env);
        String bridge = machines.bridge();
        TestCharms charms = new TestCharms(home.resolve("repository"));
        writeCharm(charms);
        env.ok("deploy", "-n", "2", "--repository", charms.repository().toString(), "local:isolated");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.awaitUnits(Map.of("isolated/0", "started", "isolated/1", "started", "mysql/0", "started", "blog/0", "started"));

        JsonNode status = env.status();
        Map<String, Integer> machineOf = Map.of("isolated/0", 1, "isolated/1", 2, "mysql/0", 3, "blog/0", 4);
        Set<String> addresses = new HashSet<>();
        for (var unit : machineOf.entrySet()) {
            String service = unit.getKey().substring(0, unit.getKey().indexOf('/'));
            JsonNode node = status.path("services").path(service).path("units").path(unit.getKey());
            assertEquals(unit.getValue().intValue(), node.path("machine").asInt(), status.toString());
            String address = node.path("public-address").asText();
            assertTrue(addresses.add(address), "each machine its own address: " + status);
            assertEquals("machine-" + unit.getValue(), machines.attachOk(unit.getValue(), "hostname").strip());
            assertTrue(machines.attachOk(unit.getValue(), "ip", "-4", "-o", "addr", "show", "eth0").contains(" " + address + "/"),
                    unit.getKey() + " at " + address);
        }
        assertTrue(addresses.stream().noneMatch(a -> a.startsWith("127.")), addresses.toString());

        // the database's relation settings carry the database machine's address
        String mysqlAddress = status.path("services").path("mysql").path("units").path("mysql/0").path("public-address").asText();
        Path dbConf = env.unitDir(4, "blog/0").resolve("db.conf");
        POLLING.await("blog/0's db.conf").atMost(Environment.CONVERGE).until(() -> Files.exists(dbConf));
        assertTrue(Files.readAllLines(dbConf).contains("host=" + mysqlAddress), Files.readString(dbConf));

        // what the install hook changed is in the machines, not on the host
        assertFalse(Files.exists(ETC_FILE), ETC_FILE + " on the host");
        assertFalse(Files.exists(LOCAL_PROGRAM), LOCAL_PROGRAM + " on the host");
        assertFalse(userExists(), "user " + USER + " on the host");
        for (int machine : List.of(1, 2)) {
            assertEquals("written by isolated/" + (machine - 1) + "\n", machines.attachOk(machine, "cat", ETC_FILE.toString()));
            assertEquals("isolated\n", machines.attachOk(machine, LOCAL_PROGRAM.toString()));
            assertEquals(0, machines.attach(machine, "getent", "passwd", USER).exit(), "user in machine " + machine);
            Path upper = machines.mount(machine).resolve("upper");
            assertTrue(Files.exists(upper.resolve(ETC_FILE.toString().substring(1))), "written to the machine's layer");
        }
        assertEquals(List.of("install -", "start -"), Environment.lines(env.unitDir(1, "isolated/0").resolve("hook.log")));
        // a hook makes files as on any machine (umask 022), on its own disk: the environment stays owner-only
        assertEquals("644", machines.attachOk(1, "stat", "-c", "%a", ETC_FILE.toString()).strip());
        assertEquals(List.of(), env.openToOthers(), "files of the environment open to others");

        // one port, two machines: each serves it, and each reaches the other's
        String first = status.path("services").path("isolated").path("units").path("isolated/0").path("public-address").asText();
        String second = status.path("services").path("isolated").path("units").path("isolated/1").path("public-address").asText();
        assertNotEquals(first, second);
        assertEquals(second, fetch(machines, 1, second));
        assertEquals(first, fetch(machines, 2, first));

        // a subordinate runs in its principal's container
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:logging");
        env.ok("add-relation", "blog", "logging");
        POLLING.await("logging/0 started beside blog/0").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> "started".equals(env.status()
                .path("services").path("blog").path("units").path("blog/0").path("subordinates").path("logging/0")
                .path("agent-state").asText()),
                        () -> "last seen: " + env.status().toString()));
        Path loggingDir = env.unitDir(4, "logging/0");
        assertTrue(Files.isDirectory(loggingDir), "logging/0 lives on blog/0's machine");
        assertEquals("machine-4", machines.attachOk(4, "sh", "-c", "cd " + loggingDir + " && hostname").strip());

        // placement unassigned: the machine a removed unit leaves empty goes, its container with it
        env.ok("remove-unit", "isolated/1");
        POLLING.await("machine 2 gone").atMost(Environment.CONVERGE).until(() -> !env.status().path("machines").has("2"));
        Path container2 = env.dir().resolve("containers").resolve(machines.name(2));
        POLLING.await("machine 2's container deleted").atMost(Environment.CONVERGE)
                .until(() -> !Files.exists(container2) && !Files.exists(machines.mount(2)));
        assertFalse(Files.exists(Path.of("/sys/class/net", machines.veth(2))), "machine 2's veth removed");
        assertEquals("RUNNING", machines.state(1));

        Path envDir = env.dir();
        env.ok("destroy-environment", "-y");
        assertEquals(List.of(), ContainerMachines.leftovers(envDir, bridge), "nothing of the environment left on the host");
    }

    /** What machine {@code from} reads at {@code http://address:PORT/whoami}: the serving unit's address. */
    private static String fetch(ContainerMachines machines, int from, String address) {
        String url = "http://" + address + ":" + PORT + "/whoami";
        String[] got = new String[1];
        POLLING.await("machine " + from + " reads " + url).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> {
            try {
                Distribution.Run run = machines.attach(from, "python3", "-c",
                        "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode().strip())",
                        url);
                got[0] = run.out().strip() + run.err();
                return run.exit() == 0;
            } catch (Exception e) {
                got[0] = e.toString();
                return false;
            }
        }, () -> "last seen: " + got[0]));
        return got[0];
    }
}
