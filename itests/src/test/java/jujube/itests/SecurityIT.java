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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.state.Credential;
import jujube.state.CredentialFiles;
import jujube.state.CredentialRefusedException;
import jujube.state.DebugLog;
import jujube.state.LoggedRecord;
import jujube.state.OneTimeCredential;
import jujube.state.StateConnection;
import jujube.state.StateConnections;
import jujube.state.UnitInfo;
import jujube.state.UnitName;
import jujube.state.codec.PlainMapCodec;
import jujube.testkit.Polling;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The access policy on the real distribution (README, "Security"): blog/0 and mysql/0 on machines of their
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
    /** A version no node has: what is allowed fails on it, after ZooKeeper checked the ACL. */
    private static final int WRONG_VERSION = 987_654;
    private static Environment env;
    private static String connect;
    private static StateConnection admin;
    private static DebugLog.Listener debugLog;

    @BeforeAll
    static void blogAndDatabaseRelatedOnTwoMachines() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-security"), "secure", "--placement", "unassigned");
        Matcher port = Pattern.compile("zookeeper-port: *(\\d+)").matcher(Files.readString(env.dir().resolve("environment.yaml")));
        assertTrue(port.find());
        connect = "127.0.0.1:" + port.group(1);
        admin = StateConnections.open(Administrator.connection(connect, env.dir()));
        admin.awaitConnected(UP);
        debugLog = admin.debugLog().listen(); // as a running debug-log: the agents publish while it listens
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
        if (debugLog != null) {
            debugLog.close();
        }
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
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connect, 10_000, e -> {
            if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        for (Credential c : credentials) {
            zk.addAuthInfo("digest", (c.principal() + ":" + c.secret()).getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(connected.await(UP.toSeconds(), TimeUnit.SECONDS), "connected to " + connect);
        return zk;
    }

    /** One operation of the table's. */
    private enum Operation {
        READ('r'), WRITE('w'), CREATE('c'), DELETE('d'), ACL('a');

        final char letter;

        Operation(char letter) {
            this.letter = letter;
        }

        /** Tries it: null when ZooKeeper allowed it (nothing changed), else the code it refused it with. */
        KeeperException.Code attempt(ZooKeeper zk, String path) throws InterruptedException {
            try {
                switch (this) {
                    case READ -> zk.getData(path, false, null);
                    case WRITE -> zk.setData(path, new byte[0], WRONG_VERSION);
                    case CREATE -> zk.multi(List.of(
                            Op.create(path.equals("/") ? "/security-probe" : path + "/security-probe", new byte[0],
                                    ZooDefs.Ids.OPEN_ACL_UNSAFE, org.apache.zookeeper.CreateMode.PERSISTENT),
                            Op.check("/", WRONG_VERSION)));
                    case DELETE -> zk.delete(path, WRONG_VERSION);
                    case ACL -> zk.setACL(path, ZooDefs.Ids.OPEN_ACL_UNSAFE, WRONG_VERSION);
                }
                return this == READ ? null : KeeperException.Code.OK; // a change that went through: never expected
            } catch (KeeperException e) {
                if (this == CREATE && e.getResults() != null) {
                    List<OpResult> results = e.getResults();
                    int first = ((OpResult.ErrorResult) results.get(0)).getErr();
                    int check = ((OpResult.ErrorResult) results.get(1)).getErr();
                    return first == 0 && check == KeeperException.Code.BADVERSION.intValue() ? null
                            : KeeperException.Code.get(first != 0 ? first : check);
                }
                return e.code() == KeeperException.Code.BADVERSION && this != READ ? null : e.code();
            }
        }
    }

    @Test
    void every_kind_of_node_allows_each_identity_exactly_what_the_policy_says() throws Exception {
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("blog-charm", URLEncoder.encode(admin.services().get("blog").charmId(), StandardCharsets.UTF_8));
        ids.put("blog-service", admin.services().get("blog").id());
        ids.put("db-service", admin.services().get("mysql").id());
        ids.put("blog-machine", machineKey(unit("blog/0").machineId().orElseThrow()));
        ids.put("blog-unit", unit("blog/0").id());
        ids.put("db-unit", unit("mysql/0").id());
        ids.put("relation", admin.relations().ofService("blog").get(0).id());
        assertFalse(unit("blog/0").machineId().equals(unit("mysql/0").machineId()), "one machine each");

        Map<String, List<Credential>> identities = new LinkedHashMap<>();
        identities.put("nobody", null);
        identities.put("stranger", List.of(Credential.generate("stranger")));
        identities.put("db-machine", machineAgentOf("mysql/0"));
        identities.put("blog-machine", machineAgentOf("blog/0"));
        identities.put("admin", Administrator.of(env.dir()));

        List<String> wrong = new ArrayList<>();
        int cells = 0;
        List<String[]> rows = table();
        assertTrue(rows.size() >= 25, "the table covers every kind of node");
        for (Map.Entry<String, List<Credential>> identity : identities.entrySet()) {
            int column = List.copyOf(identities.keySet()).indexOf(identity.getKey()) + 3;
            try (ZooKeeper zk = identity.getValue() == null ? null : session(identity.getValue())) {
                for (String[] row : rows) {
                    String path = substitute(row[1], ids);
                    for (Operation op : Operation.values()) {
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

    private static List<String[]> table() throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (var in = SecurityIT.class.getResourceAsStream("/security/access.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] cells = line.split("\t");
                    assertEquals(8, cells.length, line);
                    rows.add(cells);
                }
            }
        }
        return rows;
    }

    private static String substitute(String path, Map<String, String> ids) {
        for (Map.Entry<String, String> id : ids.entrySet()) {
            path = path.replace("{" + id.getKey() + "}", id.getValue());
        }
        return path;
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
        assertEquals(List.of(machineKey(id), "environment"), redeemed.stream().map(Credential::principal).toList());
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
        try (Stream<Path> files = Files.list(env.dir().resolve("logs"))) {
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
        try (Stream<Path> logs = Files.list(env.dir().resolve("logs"))) {
            for (Path log : logs.toList()) {
                assertMode("rw-------", log);
            }
        }
    }

    private static void assertMode(String mode, Path path) throws IOException {
        assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(path)), path.toString());
    }
}
