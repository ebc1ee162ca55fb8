package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import jujube.provider.local.LocalLayout;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A charm that attacks from a container machine, as any charm an operator deploys could: its install
 * hook runs an escape corpus ({@code containment/escape-corpus.sh}: writing the host's kernel settings,
 * unmounting or remounting what the host bound in, mounting kernel filesystems, a cgroup release agent,
 * reading the environment's secrets, the controller's data, another machine's directory and the host's
 * files, the host's disk through a device node, kernel modules, the kernel's log, keyrings, BPF, a host
 * process's root, and plants a set-uid shell and links in the directory the host binds in), and then
 * runs a fork bomb (inside its unit's cgroup, then out of it), a memory hog and a disk filler in its hook
 * context ({@code jujube exec}). Every
 * attempt is named with its outcome, must be refused, and the host is checked from the host afterwards:
 * its kernel settings and files unchanged, the planted files harmless to it, the other machine's unit
 * and the controller running, and each limit reached shown in status.
 */
@ResourceLock(ContainerMachines.LOCK)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContainmentIT {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(100));
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every attempt the corpus makes; each must be there, refused. */
    private static final List<String> ATTEMPTS = List.of("core-pattern", "proc-sys-write", "sysrq-trigger", "sys-write",
            "unmount-binds", "unmount-lazy", "remount-charms-writable", "remount-root-readonly", "mount-proc",
            "mount-sysfs", "mount-cgroup", "mount-cgroup2", "cgroup-release-agent", "admin-credentials",
            "controller-data", "environment-directory", "other-machine-directory", "host-files", "host-home-directories",
            "mknod-host-disk", "mount-host-disk", "raw-device-read", "kernel-module-finit", "kernel-module-init", "kmsg",
            "kernel-log-syslog", "keyctl", "open-by-handle-at", "bpf", "kexec", "proc-root-of-host-process");
    /** Named for this run: builds beside each other each plant and check their own. */
    private static final String CANARY = "jujube-containment-canary-" + UUID.randomUUID().toString().substring(0, 8);
    private static final Path CANARY_ETC = Path.of("/etc", CANARY);
    private static final Path CANARY_ROOT = Path.of("/root", CANARY);

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the tests, also when one failed
    private Environment env;
    private ContainerMachines machines;
    private String corePattern;
    private String hostShadow;
    private String adminCredentials;

    @AfterAll
    void removeCanaries() throws Exception {
        Files.deleteIfExists(CANARY_ETC);
        Files.deleteIfExists(CANARY_ROOT);
    }

    @Test
    @Order(1)
    void every_escape_the_corpus_tries_is_refused() throws Exception {
        String secret = UUID.randomUUID().toString();
        for (Path canary : List.of(CANARY_ETC, CANARY_ROOT)) {
            Files.writeString(canary, secret);
            Files.setPosixFilePermissions(canary, PosixFilePermissions.fromString("rw-------"));
        }
        corePattern = Files.readString(Path.of("/proc/sys/kernel/core_pattern"));
        hostShadow = sha256(Path.of("/etc/shadow"));

        Path home = SCRATCH.make("jujube-contain");
        env = Environment.bootstrap(home, "contain", "--machines", "container", "--placement", "unassigned",
                "--machine-processes", "400", "--machine-memory", "512M", "--machine-disk", "512M");
        machines = new ContainerMachines(env);
        adminCredentials = sha256(env.dir().resolve("secrets/admin.yaml"));
        TestCharms charms = new TestCharms(home.resolve("repository"));
        charms.write("victim", 1, "", Map.of("install", TestCharms.logs("install"), "start", TestCharms.logs("start")));
        env.ok("deploy", "--repository", charms.repository().toString(), "local:victim");
        env.awaitUnits(Map.of("victim/0", "started"));

        Path attacker = charms.write("attacker", 1, "", Map.of(
                "install", "ENV_DIR=" + env.dir() + " RUNTIME_DIR=" + LocalLayout.runtimeDir(env.dir())
                        + " VICTIM_HOME=" + env.machineDir(1) + " CANARIES='" + CANARY_ETC + " " + CANARY_ROOT + "'"
                        + " HOME_DIR=" + env.machineDir(2) + " sh \"$CHARM_DIR/files/escape-corpus.sh\""
                        + " > \"$unit_dir/escapes.log\" 2>&1\n" + TestCharms.logs("install"),
                "start", TestCharms.logs("start")));
        try (InputStream corpus = getClass().getResourceAsStream("/containment/escape-corpus.sh")) {
            Files.write(Files.createDirectories(attacker.resolve("files")).resolve("escape-corpus.sh"), corpus.readAllBytes());
        }
        env.ok("deploy", "--repository", charms.repository().toString(), "local:attacker");
        env.awaitUnits(Map.of("victim/0", "started", "attacker/0", "started"));

        Map<String, String> outcomes = outcomes(Files.readAllLines(env.unitDir(2, "attacker/0").resolve("escapes.log")));
        outcomes.forEach((attempt, outcome) -> System.out.println("escape attempt " + attempt + ": " + outcome));
        for (String attempt : ATTEMPTS) {
            assertTrue(outcomes.containsKey(attempt), "attempt " + attempt + " made: " + outcomes.keySet());
            assertTrue(outcomes.get(attempt).startsWith("refused"), attempt + ": " + outcomes.get(attempt));
        }

        // the host, looked at from the host
        assertEquals(corePattern, Files.readString(Path.of("/proc/sys/kernel/core_pattern")), "core_pattern unchanged");
        assertEquals(hostShadow, sha256(Path.of("/etc/shadow")), "the host's /etc/shadow unchanged");
        assertNotEquals(hostShadow, sha256(machines.mount(2).resolve("upper/etc/shadow").toFile().exists()
                ? machines.mount(2).resolve("upper/etc/shadow") : baseRoot().resolve("etc/shadow")),
                "the machine's /etc/shadow is its own");
        assertEquals(adminCredentials, sha256(env.dir().resolve("secrets/admin.yaml")));
        assertEquals(secret, Files.readString(CANARY_ETC));
    }

    @Test
    @Order(2)
    void what_the_hook_planted_in_its_directory_gives_nothing_on_the_host() throws Exception {
        Path shell = env.machineDir(2).resolve("planted-setuid-shell");
        assertTrue(Files.exists(shell), "the machine may put what it likes in its own directory");
        assertTrue((int) Files.getAttribute(shell, "unix:uid") >= 100_000,
                "a set-uid file of the machine's root is set-uid to one of the machine's ids, nobody on the host");
        String mountOptions = Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
                .filter(l -> l.split(" ")[4].equals(machines.mount(2).toString())).findFirst().orElseThrow();
        assertTrue(mountOptions.contains("nosuid"), "the machine's disk is mounted without set-uid files: " + mountOptions);
        assertTrue(Files.isSymbolicLink(env.machineDir(2).resolve("log")), "the hook replaced its log directory with a link");

        // the machine starts again: the host prepares its directory without following what the hook planted
        long monitor = env.machinePid(2);
        ProcessHandle.of(monitor).orElseThrow().destroyForcibly();
        env.awaitMachineRestarted(2, monitor);
        POLLING.await("machine 2 running again").atMost(Environment.CONVERGE)
                .until(() -> env.status().path("machines").path("2").path("agent-state").asText().equals("running"));
        Path log = env.machineDir(2).resolve("log");
        assertFalse(Files.isSymbolicLink(log), "the planted link is replaced by a directory");
        assertTrue(Files.isDirectory(log));
        assertEquals(100_000, (int) Files.getAttribute(log, "unix:uid"));
        assertFalse(Files.exists(Path.of("/etc/machine-2.log")), "nothing written into the host's /etc");
        assertEquals(hostShadow, sha256(Path.of("/etc/shadow")));
        assertEquals("started", env.unitStates().get("attacker/0"));
    }

    @Test
    @Order(3)
    void a_fork_bomb_is_bounded_and_killed_and_the_other_machine_keeps_running() throws Exception {
        JsonNode bomb = exec("attacker/0", "f() { f | f & }; f; sleep 30");
        assertNotEquals(0, bomb.path("exit-code").asInt(), bomb.toString());
        POLLING.await("the bomb's processes gone").atMost(Environment.CONVERGE)
                .until(() -> Integer.parseInt(machines.attachOk(2, "sh", "-c", "ps -e -o pid= | wc -l").strip()) < 50);
        assertEquals("started", env.unitStates().get("victim/0"));
        assertEquals(0, exec("victim/0", "true").path("exit-code").asInt(), "the other machine runs its hooks");
    }

    @Test
    @Order(4)
    void processes_that_leave_their_units_cgroup_are_bounded_by_the_machines_limit_and_status_says_so()
            throws Exception {
        // out of the unit's cgroup, into the machine's own (the machine's root may write it): the unit's
        // limit of 100 no longer applies, the machine's 400 does
        JsonNode flood = exec("attacker/0", "echo $$ > /sys/fs/cgroup/pids/cgroup.procs\n"
                + "i=0; while [ $i -lt 600 ]; do sleep 300 >/dev/null 2>&1 </dev/null & i=$((i+1)); done; exit 0");
        assertTrue(flood.path("stderr").asText().contains("fork") || flood.path("exit-code").asInt() != 0, flood.toString());
        String limit = awaitLimit("processes");
        assertTrue(limit.startsWith("reached its limit of 400 processes: "), limit);
        // the machine is full: nothing more starts in it, so it is looked at and emptied from the host
        long init = Long.parseLong(machines.host("lxc-info", "-n", machines.name(2), "-P",
                LocalLayout.containersDir(env.dir()).toString(), "-p", "-H").strip());
        String own = Files.readAllLines(Path.of("/proc/" + init + "/cgroup")).stream()
                .filter(l -> l.split(":")[1].equals("pids")).findFirst().orElseThrow().split(":", 3)[2];
        Path cgroup = Path.of("/sys/fs/cgroup/pids" + own);
        long running = Long.parseLong(Files.readString(cgroup.resolve("pids.current")).strip());
        assertTrue(running <= 400, "at most the machine's limit: " + running);
        for (String pid : Files.readAllLines(cgroup.resolve("cgroup.procs"))) {
            ProcessHandle.of(Long.parseLong(pid)).filter(p -> p.info().command().orElse("").endsWith("/sleep"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
        assertEquals("started", env.unitStates().get("victim/0"));
        assertEquals(0, exec("attacker/0", "true").path("exit-code").asInt(), "the machine runs its hooks again");
    }

    @Test
    @Order(5)
    void a_memory_hog_is_killed_at_the_machines_limit_and_status_says_so() throws Exception {
        JsonNode hog = exec("attacker/0", "python3 -c 'b = []\nwhile True: b.append(bytearray(64 << 20))'");
        assertNotEquals(0, hog.path("exit-code").asInt(), hog.toString());
        String limit = awaitLimit("memory");
        assertTrue(limit.startsWith("reached its limit of 512M: "), limit);
        assertEquals("running", env.status().path("machines").path("2").path("agent-state").asText(), "the agent lives on");
        assertEquals(0, exec("attacker/0", "true").path("exit-code").asInt(), "and runs the unit's hooks");
        assertEquals("started", env.unitStates().get("victim/0"));
    }

    @Test
    @Order(6)
    void a_disk_filler_fills_its_machines_disk_not_the_hosts_and_status_says_so() throws Exception {
        JsonNode filler = exec("attacker/0", "dd if=/dev/zero of=/var/tmp/filler bs=1M count=2048");
        assertNotEquals(0, filler.path("exit-code").asInt(), filler.toString());
        assertTrue(filler.path("stderr").asText().contains("No space left"), filler.toString());
        String limit = awaitLimit("disk");
        assertTrue(limit.startsWith("full: "), limit);
        // what the host gave the machine is its disk's image, whatever other work shares the host's disk
        Path image = env.dir().resolve("containers").resolve(LocalLayout.containerName(env.dir(), 2)).resolve("disk.img");
        String[] blocks = machines.host("stat", "-c", "%b %B", image.toString()).strip().split(" ");
        long allocated = Long.parseLong(blocks[0]) * Long.parseLong(blocks[1]);
        assertTrue(allocated > 400L << 20 && allocated <= 512L << 20,
                "the filler's writes fill the machine's 512 MiB image, and no more of the host: " + (allocated >> 20) + " MiB");
        assertEquals(0, exec("victim/0", "echo fine > \"$CHARM_DIR/../fine\"").path("exit-code").asInt());

        assertEquals(0, exec("attacker/0", "rm /var/tmp/filler").path("exit-code").asInt());
        POLLING.await("the disk no longer reported full").atMost(Environment.CONVERGE)
                .until(() -> !env.status().path("machines").path("2").path("limits").has("disk"));
    }

    @Test
    @Order(7)
    void destroying_the_environment_leaves_nothing_on_the_host() throws Exception {
        String bridge = machines.bridge();
        Path dir = env.dir();
        env.ok("destroy-environment", "-y");
        assertEquals(List.of(), ContainerMachines.leftovers(dir, bridge));
    }

    /** Runs {@code command} in the unit's hook context; its one result (exit-code, stdout, stderr). */
    private JsonNode exec(String unit, String command) throws Exception {
        Distribution.Run run = env.run("exec", "--unit", unit, "--timeout", "2m", "--format", "json", command);
        JsonNode out = JSON.readTree(run.out());
        JsonNode results = out.has("results") ? out.get("results") : out;
        return results.isArray() ? results.get(0) : results;
    }

    private String awaitLimit(String limit) {
        String[] seen = new String[1];
        POLLING.await("machine 2's " + limit + " limit in status").atMost(Environment.CONVERGE).until(() -> {
            seen[0] = env.status().path("machines").path("2").path("limits").path(limit).asText("");
            return !seen[0].isEmpty();
        });
        return seen[0];
    }

    private Path baseRoot() throws Exception {
        String yaml = Files.readString(env.dir().resolve("environment.yaml"));
        return Path.of(yaml.lines().filter(l -> l.startsWith("machine-root:")).findFirst().orElseThrow()
                .substring("machine-root:".length()).strip().replace("\"", ""));
    }

    /** The corpus's lines by attempt: {@code name: refused (...)} or {@code name: ESCAPED (...)}. */
    private static Map<String, String> outcomes(List<String> lines) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        for (String line : lines) {
            int colon = line.indexOf(": ");
            if (colon > 0 && (line.startsWith(line.substring(0, colon) + ": refused")
                    || line.startsWith(line.substring(0, colon) + ": ESCAPED"))) {
                outcomes.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        return outcomes;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
