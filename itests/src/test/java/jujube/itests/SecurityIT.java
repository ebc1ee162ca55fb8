package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.access.CredentialRefusedException;
import jujube.model.LoggedRecord;
import jujube.access.OneTimeCredential;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.lib.codec.PlainMapCodec;
import jujube.testkit.Polling;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The access policy on the real distribution (docs/security.md): blog/0 and mysql/0 on machines of their
 * own, related, their settings exchanged. Every kind of node is tried with every operation by every kind of
 * identity, each cell of {@code security/access.tsv} asserted; a one-time credential works once; after the
 * exchange no log holds the database's password; the environment's files and the hook sockets are its
 * owner's only.
 */
class SecurityIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final Duration UP = Duration.ofSeconds(30);
    private static Environment env;
    private static String connect;
    private static StateConnection admin;

    @BeforeAll
    static void blogAndDatabaseRelatedOnTwoMachines() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-security"), "secure", "--placement", "unassigned");
        Matcher port = Pattern.compile("zookeeper-port: *(\\d+)").matcher(Files.readString(env.dir().resolve("environment.yaml")));
        assertTrue(port.find());
        connect = "127.0.0.1:" + port.group(1);
        admin = StateConnections.open(Administrator.connection(connect, env.dir()));
        admin.awaitConnected(UP);
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
        POLLING.await("the blog has the database's credentials and said so").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> "true".equals(settings("blog/0").get("ready")),
                        () -> "last seen: " + String.valueOf(settings("blog/0"))));
    }

    @AfterAll
    static void destroy() throws Exception {
        if (admin != null) {
            admin.close();
        }
        if (env != null) {
            env.close();
        }
    }

    private static Map<String, Object> settings(String unit) {
        UnitName name = UnitName.parse(unit);
        return admin.relations().of(admin.relations().ofService(name.service()).get(0).id(), name).settings().values();
    }

    private static UnitInfo unit(String name) {
        return admin.units().get(UnitName.parse(name));
    }

    private static String machineKey(int machine) {
        return String.format("machine-%010d", machine);
    }

    private static Path machineDir(String unit) {
        return env.dir().resolve("machines/machine-" + unit(unit).machineId().orElseThrow());
    }

    /** All a machine agent holds: its credentials file, and the credentials of the units it hosts. */
    private static List<Credential> machineAgentOf(String unit) throws Exception {
        List<Credential> held = new ArrayList<>(CredentialFiles.read(machineDir(unit).resolve(CredentialFiles.CREDENTIALS)));
        try (ZooKeeper zk = session(held)) {
            byte[] data = zk.getData("/auth/credentials/" + unit(unit).id(), false, null);
            for (Object entry : (List<?>) new PlainMapCodec().readMap(data, PlainMapCodec.Form.YAML).get("credentials")) {
                Map<?, ?> m = (Map<?, ?>) entry;
                held.add(new Credential((String) m.get("principal"), (String) m.get("secret")));
            }
        }
        return held;
    }

    private static ZooKeeper session(List<Credential> credentials) throws Exception {
        return ZooKeeperClients.session(connect, credentials, UP);
    }

    @Test
    void every_kind_of_node_allows_each_identity_exactly_what_the_policy_says() throws Exception {
        Map<String, String> ids = ids();
        assertFalse(unit("blog/0").machineId().equals(unit("mysql/0").machineId()), "one machine each");

        Map<String, List<Credential>> identities = new LinkedHashMap<>();
        identities.put("nobody", null);
        identities.put("stranger", List.of(Credential.generate("stranger")));
        identities.put("db-machine", machineAgentOf("mysql/0"));
        identities.put("blog-machine", machineAgentOf("blog/0"));
        identities.put("admin", Administrator.of(env.dir()));

        List<String> wrong = new ArrayList<>();
        int cells = 0;
        List<String[]> rows = AccessTable.rows();
        assertTrue(rows.size() >= 25, "the table covers every kind of node");
        for (Map.Entry<String, List<Credential>> identity : identities.entrySet()) {
            int column = List.copyOf(identities.keySet()).indexOf(identity.getKey()) + 3;
            try (ZooKeeper zk = identity.getValue() == null ? null : session(identity.getValue())) {
                for (String[] row : rows) {
                    String path = AccessTable.substitute(row[1], ids);
                    for (AccessTable.Operation op : AccessTable.Operation.values()) {
                        if (row[2].indexOf(op.letter) < 0) {
                            continue;
                        }
                        cells++;
                        boolean allowed = row[column].indexOf(op.letter) >= 0;
                        KeeperException.Code outcome;
                        if (zk == null) {
                            try (ZooKeeper fresh = session(List.of())) { // refused, the session is closed: a new one each time
                                outcome = op.attempt(fresh, path);
                            }
                        } else {
                            outcome = op.attempt(zk, path);
                        }
                        KeeperException.Code refusal = zk == null ? KeeperException.Code.SESSIONCLOSEDREQUIRESASLAUTH
                                : KeeperException.Code.NOAUTH;
                        if (allowed ? outcome != null : outcome != refusal) {
                            wrong.add(identity.getKey() + " " + op + " " + row[0] + " (" + path + "): expected "
                                    + (allowed ? "allowed" : refusal) + ", got " + (outcome == null ? "allowed" : outcome));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), wrong, "cells wrong of " + cells);
        assertTrue(cells > 500, cells + " cells");
    }

    @Test
    void a_one_time_credential_works_once() throws Exception {
        Path machine = machineDir("blog/0");
        int id = unit("blog/0").machineId().orElseThrow();
        assertFalse(Files.exists(machine.resolve(CredentialFiles.ONE_TIME)), "the agent removed what it redeemed");
        try (ZooKeeper zk = session(Administrator.of(env.dir()))) {
            assertEquals(null, zk.exists("/machines/" + machineKey(id) + "/otp", false), "its node is gone too");
        }
        OneTimeCredential oneTime = admin.access().issueOneTimeCredential(id);
        List<Credential> redeemed = StateConnections.redeem(Administrator.connection(connect, env.dir()), oneTime, UP);
        assertEquals(List.of(machineKey(id)), redeemed.stream().map(Credential::principal).toList(),
                "its own credential alone: what every agent reads, it reads as a member of the environment's group");
        assertEquals(CredentialFiles.read(machine.resolve(CredentialFiles.CREDENTIALS)), redeemed,
                "the machine's own credentials, as its agent redeemed them");
        CredentialRefusedException used = assertThrows(CredentialRefusedException.class,
                () -> StateConnections.redeem(Administrator.connection(connect, env.dir()), oneTime, UP));
        assertTrue(used.getMessage().contains("used already"), used.getMessage());
        OneTimeCredential forged = new OneTimeCredential(oneTime.node(), Credential.generate(oneTime.credential().principal()));
        assertThrows(CredentialRefusedException.class,
                () -> StateConnections.redeem(Administrator.connection(connect, env.dir()), forged, UP));
    }

    @Test
    void after_the_exchange_no_log_holds_a_setting_value() throws Exception {
        String password = String.valueOf(settings("mysql/0").get("password"));
        assertTrue(password.length() >= 16, "the example database's password: " + password);
        String logs;
        try (Stream<Path> files = Files.walk(env.dir().resolve("logs")).filter(Files::isRegularFile)) {
            StringBuilder all = new StringBuilder();
            for (Path log : files.toList()) {
                all.append(Files.readString(log));
            }
            logs = all.toString();
        }
        assertTrue(logs.contains("Setting changed: 'password'"), "the agents' logs tell which settings changed");
        assertFalse(logs.contains(password), "the agents' logs hold the password");
        assertFalse(logs.contains("Setting changed: 'password'="), "nor the value of any setting");
        List<LoggedRecord> records = admin.debugLog().after(-1);
        assertTrue(records.stream().anyMatch(r -> r.record().message().contains("settings changed: ")
                && r.record().message().contains("password")), "debug-log tells which settings changed");
        assertFalse(records.stream().anyMatch(r -> r.record().message().contains(password)), "debug-log holds the password");
    }

    @Test
    void an_identity_filling_what_it_may_write_is_stopped_and_the_controller_stays_up_its_memory_and_data_bounded()
            throws Exception {
        long controller = Long.parseLong(Files.readString(env.dir().resolve("pids/controller.pid")).strip());
        Path data = env.dir().resolve("zookeeper");
        long dataBefore = ZooKeeperClients.diskBytes(data);
        String unit = "/units/" + unit("blog/0").id();
        String machine = "/machines/" + machineKey(unit("blog/0").machineId().orElseThrow());
        List<String> made = new ArrayList<>();
        byte[] large = new byte[100 * 1024];
        try (ZooKeeper zk = session(machineAgentOf("blog/0"))) {
            // as a hook holding its machine's credentials: large nodes wherever its identities may create
            for (String dir : List.of(unit, machine, "/logs/" + unit("blog/0").id(), "/logs/" + machineKey(
                    unit("blog/0").machineId().orElseThrow()))) {
                KeeperException stopped = null;
                int count = 0;
                while (stopped == null && count < 1000) {
                    try {
                        made.add(zk.create(dir + "/attack-", large, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                                org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL));
                        count++;
                    } catch (KeeperException e) {
                        stopped = e;
                    }
                }
                assertEquals(KeeperException.Code.QUOTAEXCEEDED, stopped == null ? null : stopped.code(), dir + ": " + count);
                assertTrue(count <= 10, dir + ": " + count + " nodes of 100 KiB before the quota stopped them");
            }
            // and rewritten over and over: 200 MB of transaction log, which old snapshots and logs would keep; the
            // purge keeps 3 snapshots and the logs since the oldest (a log is rolled every 8 to 16 MiB)
            String rewritten = made.get(0);
            for (int i = 0; i < 2000; i++) {
                zk.setData(rewritten, large, -1);
            }
            long rss = residentBytes(controller);
            assertTrue(rss < 1024L * 1024 * 1024, "the controller's memory: " + rss / (1024 * 1024) + " MiB");
            long[] last = new long[1];
            POLLING.await("ZooKeeper's old snapshots and logs purged").atMost(Duration.ofSeconds(90))
                    .until(() -> (last[0] = ZooKeeperClients.diskBytes(data)) < dataBefore + 128L * 1024 * 1024);
            System.out.printf("quota attack: data %d -> %d MiB, controller RSS %d MiB%n", dataBefore >> 20, last[0] >> 20,
                    rss >> 20);
            for (String node : made) {
                zk.delete(node, -1);
            }
        }
        assertTrue(ProcessHandle.of(controller).map(ProcessHandle::isAlive).orElse(false), "the controller runs on");
        assertEquals(controller, Long.parseLong(Files.readString(env.dir().resolve("pids/controller.pid")).strip()),
                "never restarted");
        env.ok("status");
    }

    private static long residentBytes(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return 1024 * Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS for " + pid);
    }

    @Test
    void a_unit_enters_and_leaves_a_scope_for_itself_alone_and_adds_no_member() throws Exception {
        String relation = admin.relations().ofService("blog").get(0).id();
        env.ok("add-unit", "blog");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started", "blog/1", "started"));
        String sibling = "/relations/" + relation + "/scope/client/" + unit("blog/1").id();
        POLLING.await("blog/1 entered the scope").atMost(Environment.CONVERGE).until(() -> {
            try (ZooKeeper zk = session(Administrator.of(env.dir()))) {
                return zk.exists(sibling, false) != null;
            }
        });
        for (String agent : List.of("blog/0", "mysql/0")) {
            try (ZooKeeper zk = session(machineAgentOf(agent))) {
                KeeperException siblings = assertThrows(KeeperException.class, () -> zk.delete(sibling, -1));
                assertEquals(KeeperException.Code.NOAUTH, siblings.code(), agent + " removing blog/1 from the scope");
                for (String role : List.of("client", "server")) {
                    KeeperException fake = assertThrows(KeeperException.class, () -> zk.create("/relations/" + relation
                            + "/scope/" + role + "/unit-0000009999", "{\"name\":\"mysql/9\"}".getBytes(StandardCharsets.UTF_8),
                            ZooDefs.Ids.OPEN_ACL_UNSAFE, org.apache.zookeeper.CreateMode.PERSISTENT));
                    assertEquals(KeeperException.Code.NOAUTH, fake.code(), agent + " adding a member to " + role);
                }
            }
        }
        env.ok("remove-unit", "blog/1");
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
    }

    @Test
    void a_terminated_machines_saved_credentials_are_refused_for_every_kind_of_node() throws Exception {
        String added = env.ok("add-machine");
        Matcher id = Pattern.compile("Machine (\\d+) added").matcher(added);
        assertTrue(id.find(), added);
        int machine = Integer.parseInt(id.group(1));
        Path dir = env.dir().resolve("machines/machine-" + machine);
        POLLING.await("machine " + machine + " has its credentials").atMost(Environment.CONVERGE)
                .until(() -> Files.exists(dir.resolve(CredentialFiles.CREDENTIALS)));
        List<Credential> saved = CredentialFiles.read(dir.resolve(CredentialFiles.CREDENTIALS));
        try (ZooKeeper zk = session(saved)) {
            assertTrue(zk.exists("/topology", false) != null, "what every machine reads, it read");
        }
        env.ok("terminate-machine", Integer.toString(machine));
        // tried on the nodes of every kind as they are, the live machines' and units' included
        Map<String, String> ids = ids();
        List<String> allowed = new ArrayList<>();
        for (String[] row : AccessTable.rows()) {
            String path = AccessTable.substitute(row[1], ids);
            for (AccessTable.Operation op : AccessTable.Operation.values()) {
                if (row[2].indexOf(op.letter) >= 0) {
                    try (ZooKeeper zk = session(saved)) { // a refused one may be closed: one session each
                        KeeperException.Code outcome = op.attempt(zk, path);
                        if (outcome == null || !ZooKeeperClients.refused(outcome)) {
                            allowed.add(op + " " + row[0] + " (" + path + "): " + outcome);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), allowed, "what the terminated machine's credentials may still do");
        assertFalse(Files.exists(dir), "its directory is gone");
        try (Stream<Path> logs = Files.list(env.dir().resolve("logs"))) {
            assertEquals(List.of(), logs.map(p -> p.getFileName().toString())
                    .filter(n -> n.equals("machine-" + machine) || n.startsWith("machine-" + machine + ".")).toList(),
                    "its logs are gone");
        }
        assertEquals(List.of(), env.traceHeads(), "no stack trace in any log");
    }


    @Test
    void a_forged_and_a_malformed_debug_log_record_are_shown_as_their_writers_warnings_and_the_log_reads_on()
            throws Exception {
        String blogLog = "/logs/" + unit("blog/0").id();
        try (ZooKeeper zk = session(machineAgentOf("blog/0"))) {
            zk.create(blogLog + "/log-", ("{\"unit\":\"mysql/0\",\"level\":\"ERROR\",\"message\":\"forged\","
                    + "\"timestamp\":\"2012-06-01T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8), ZooDefs.Ids.OPEN_ACL_UNSAFE,
                    org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL);
            zk.create(blogLog + "/log-", new byte[] {(byte) 0xff, '{', 0}, ZooDefs.Ids.OPEN_ACL_UNSAFE,
                    org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL);
            KeeperException other = assertThrows(KeeperException.class, () -> zk.create("/logs/" + unit("mysql/0").id()
                    + "/log-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, org.apache.zookeeper.CreateMode.PERSISTENT_SEQUENTIAL));
            assertEquals(KeeperException.Code.NOAUTH, other.code(), "into the database's log");
        }
        env.ok("exec", "--unit", "blog/0", "juju-log after the forgeries");
        POLLING.await("blog/0's record after them").atMost(Environment.CONVERGE).until(() -> admin.debugLog().after(-1)
                .stream().anyMatch(r -> r.record().message().contains("after the forgeries")));
        List<LoggedRecord> records = admin.debugLog().after(-1);
        List<String> warnings = records.stream().map(LoggedRecord::record)
                .filter(r -> r.message().contains(blogLog + "/log-") && r.message().contains("refused")).map(r -> r.unit()
                        + " " + r.level() + " " + r.message()).toList();
        assertEquals(2, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("blog/0 WARNING") && warnings.get(0).contains("claims to be mysql/0's"),
                warnings.get(0));
        assertTrue(warnings.get(1).startsWith("blog/0 WARNING") && warnings.get(1).contains("not a debug-log record"),
                warnings.get(1));
        assertFalse(records.stream().anyMatch(r -> r.record().message().equals("forged")), "the forgery never shows as mysql/0's");
    }

    @Test
    void two_hundred_idle_unauthenticated_connections_leave_the_administrators_commands_working() throws Exception {
        List<java.net.Socket> idle = ZooKeeperClients.idle("127.0.0.1", Integer.parseInt(connect.substring(connect.indexOf(':') + 1)), 200);
        try {
            assertTrue(env.ok("status", "--format", "tabular").contains("blog/0"));
            assertTrue(env.ok("get", "blog").contains("service: blog"));
        } finally {
            ZooKeeperClients.close(idle);
        }
    }

    /** What the table's paths name in this environment. */
    private static Map<String, String> ids() {
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("blog-charm", URLEncoder.encode(admin.services().get("blog").charmId(), StandardCharsets.UTF_8));
        ids.put("blog-service", admin.services().get("blog").id());
        ids.put("db-service", admin.services().get("mysql").id());
        ids.put("blog-machine", machineKey(unit("blog/0").machineId().orElseThrow()));
        ids.put("blog-unit", unit("blog/0").id());
        ids.put("db-unit", unit("mysql/0").id());
        ids.put("relation", admin.relations().ofService("blog").get(0).id());
        ids.put("blog-task", "task-" + String.format("%010d", Long.parseLong(blogTask())));
        return ids;
    }

    private static String blogTask;

    /** A task of blog/0, queued once: the action is none of its charm's, so its agent fails it at once. */
    private static synchronized String blogTask() {
        if (blogTask == null) {
            blogTask = admin.tasks().enqueue("probe", List.of(jujube.model.UnitName.parse("blog/0")),
                    Map.of("secret", "s3cret"), java.time.Duration.ofMinutes(1)).tasks().get(0);
        }
        return blogTask;
    }

    @Test
    void the_environments_files_and_the_hook_sockets_are_their_owners_only() throws Exception {
        assertMode("rwx------", env.dir());
        assertMode("rwx------", env.dir().resolve("secrets"));
        assertMode("rw-------", env.dir().resolve("secrets/admin.yaml"));
        List<Path> sockets = new ArrayList<>();
        for (String unit : List.of("blog/0", "mysql/0")) {
            Path machine = machineDir(unit);
            assertMode("rwx------", machine);
            assertMode("rw-------", machine.resolve(CredentialFiles.CREDENTIALS));
            try (Stream<Path> all = Files.walk(machine.resolve("units"))) {
                for (Path p : all.toList()) {
                    if (p.getFileName().toString().equals("agent.socket")) {
                        sockets.add(p);
                        assertMode("rw-------", p);
                    } else if (p.getParent().getFileName().toString().equals("state") && Files.isRegularFile(p)) {
                        assertMode("rw-------", p); // the unit agent's state: workflow, queues, history
                    }
                }
            }
        }
        assertEquals(2, sockets.size(), "a hook socket each: " + sockets);
        // find ENV -perm /077: nothing, not even a symbolic link (whose mode is always 0777)
        assertEquals(List.of(), env.openToOthers(), "files of the environment open to others");
        // another user of the host is told that the environment is not theirs, not that it is not there
        Distribution.Run other = env.distribution.run(Map.of("JUJUBE_HOME", env.distribution.home.toString()), "setpriv",
                "--reuid=65534", "--regid=65534", "--clear-groups", env.distribution.dist.resolve("bin/jujube").toString(),
                "status", "-e", env.name);
        assertEquals(1, other.exit(), other.err());
        assertTrue(other.err().startsWith("jujube: not authorized to use environment '" + env.name + "'"), other.err());
        try (Stream<Path> logs = Files.walk(env.dir().resolve("logs"))) {
            for (Path log : logs.toList()) {
                assertMode(Files.isDirectory(log) ? "rwx------" : "rw-------", log);
            }
        }
    }

    private static void assertMode(String mode, Path path) throws IOException {
        assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(path)), path.toString());
    }
}
