package jujube.state;

import jujube.state.curator.StateConnections;

import jujube.access.Credential;
import jujube.access.CredentialRefusedException;
import jujube.access.OneTimeCredential;

import jujube.model.CharmRecord;
import jujube.model.NoSuchUnitException;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.StateException;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The access policy seen from the agents: a machine agent gets its identity from a one-time credential
 * that works once, acts for the units assigned to it and for no other, and asks the controller for what
 * only the administrator may change.
 */
class AccessPolicyTest extends ZooKeeperFixture {
    private int machine1;
    private int machine2;
    private UnitName blog;
    private UnitName db;
    private RelationInfo relation;

    @BeforeEach
    void twoMachinesRelated() {
        charm("mysql");
        charm("wordpress");
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("blog", "local:precise/wordpress-1");
        machine1 = state.machines().add().id();
        machine2 = state.machines().add().id();
        blog = state.units().add("blog").name();
        db = state.units().add("mysql").name();
        state.units().assign(blog, machine1);
        state.units().assign(db, machine2);
        state.units().setAddresses(blog, "blog.example", "10.0.0.1");
        state.units().setAddresses(db, "db.example", "10.0.0.2");
        relation = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "server", RelationRole.SERVER)));
    }

    private ConnectionConfig where() {
        return new ConnectionConfig(zk.getConnectString(), Duration.ofSeconds(10), Duration.ofSeconds(5), chroot);
    }

    /** A machine agent's connection, with the credentials its one-time credential gives. */
    private StateConnection agentOf(int machine) {
        List<Credential> credentials = StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine), Duration.ofSeconds(10));
        return connect(List.of(), credentials);
    }

    @Test
    void a_one_time_credential_works_once() {
        OneTimeCredential oneTime = state.access().issueOneTimeCredential(machine1);
        List<Credential> credentials = StateConnections.redeem(where(), oneTime, Duration.ofSeconds(10));
        assertEquals(List.of("machine-" + String.format("%010d", machine1)),
                credentials.stream().map(Credential::principal).toList(), "its own credential, and no environment's");
        CredentialRefusedException again = assertThrows(CredentialRefusedException.class,
                () -> StateConnections.redeem(where(), oneTime, Duration.ofSeconds(10)));
        assertTrue(again.getMessage().contains("used already"), again.getMessage());
    }

    @Test
    void every_machine_agent_reads_the_copy_of_a_charms_archive_the_state_keeps() throws Exception {
        java.nio.file.Path archive = java.nio.file.Files.createTempFile("charm", ".zip");
        try {
            byte[] content = "an archive for machines on other hosts".getBytes();
            java.nio.file.Files.write(archive, content);
            String sha256 = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(content));
            state.charms().publish(new CharmRecord("local:precise/remote-1", "file:///charms/remote", sha256,
                    Map.of("name", "remote"), Map.of()));
            state.charms().storeArchive("local:precise/remote-1", archive);
            java.io.ByteArrayOutputStream read = new java.io.ByteArrayOutputStream();
            assertTrue(agentOf(machine2).charms().fetchArchive("local:precise/remote-1", read), "the copy is there");
            assertEquals("an archive for machines on other hosts", read.toString());
        } finally {
            java.nio.file.Files.delete(archive);
        }
    }

    @Test
    void a_newer_one_time_credential_revokes_the_older() {
        OneTimeCredential older = state.access().issueOneTimeCredential(machine1);
        OneTimeCredential newer = state.access().issueOneTimeCredential(machine1);
        assertThrows(CredentialRefusedException.class, () -> StateConnections.redeem(where(), older, Duration.ofSeconds(10)));
        assertEquals(1, StateConnections.redeem(where(), newer, Duration.ofSeconds(10)).size());
    }

    @Test
    void a_machine_agent_acts_for_its_units_and_no_other() throws Exception {
        StateConnection agent1 = agentOf(machine1);
        agent1.units().setWorkflowState(blog, "started");
        agent1.units().openPort(blog, new Port(80, "tcp"));
        UnitRelation mine = agent1.relations().of(relation.id(), blog);
        mine.enterScope();
        mine.updateSettings(Map.of("database", "wanted"));
        assertEquals("started", state.units().get(blog).workflowState());

        try (AutoCloseable controller = state.access().serveMachineRequests()) {
            // it asks the controller for the unit's credentials, which checks the assignment and refuses
            StateException other = assertThrows(StateException.class, () -> agent1.units().setWorkflowState(db, "started"));
            assertTrue(other.getMessage().contains("is not assigned to"), other.getMessage());
            assertThrows(StateException.class, () -> agent1.relations().of(relation.id(), db));
        }
        assertThrows(StateException.class, () -> agent1.services().updateConfig("blog", Map.of("title", "x")));
        assertThrows(StateException.class, () -> agent1.services().setCharm("blog", "local:precise/mysql-1"));
        assertThrows(StateException.class, () -> agent1.units().add("blog"));
        assertThrows(StateException.class, () -> agent1.machines().add());
        assertEquals(Map.of(), agent1.services().config("blog"), "its own service's configuration it reads");
        StateException config = assertThrows(StateException.class, () -> agent1.services().config("mysql"));
        assertTrue(config.getMessage().contains("hosts no unit of mysql"), config.getMessage());
    }

    @Test
    void related_units_read_each_others_settings() {
        StateConnection agent1 = agentOf(machine1);
        StateConnection agent2 = agentOf(machine2);
        UnitRelation server = agent2.relations().of(relation.id(), db);
        server.enterScope();
        server.updateSettings(Map.of("password", "s3cret"));
        UnitRelation client = agent1.relations().of(relation.id(), blog);
        client.enterScope();
        assertEquals(List.of(db), List.copyOf(client.relatedUnits()));
        assertEquals("s3cret", client.settingsOf(db).values().get("password"));
    }

    @Test
    void at_zookeepers_level_another_machine_can_change_nothing_of_a_unit_not_its_own() throws Exception {
        agentOf(machine1).units().connectAgent(blog); // its nodes exist
        StateConnection agent2 = agentOf(machine2);
        agent2.units().setWorkflowState(db, "started");
        // machine 2's session holds all it may: its own credential and mysql/0's
        List<Credential> held = new ArrayList<>(StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine2), Duration.ofSeconds(10)));
        try (CuratorFramework raw = as(held)) {
            raw.getData().forPath("/auth/credentials/" + state.units().get(db).id()); // readable: its unit
            held.addAll(unitCredentials(raw, state.units().get(db).id()));
        }
        try (CuratorFramework raw = as(held)) {
            String blogNode = "/units/" + state.units().get(blog).id();
            String blogService = "/services/" + state.services().get("blog").id();
            assertNoAuth(() -> raw.setData().forPath(blogNode, "{}".getBytes()));
            assertNoAuth(() -> raw.create().forPath(blogNode + "/resolved", "{}".getBytes()));
            assertNoAuth(() -> raw.delete().forPath(blogNode + "/agent"));
            assertNoAuth(() -> raw.setData().forPath("/topology", "{}".getBytes()));
            assertNoAuth(() -> raw.setData().forPath(blogService, "{}".getBytes()));
            assertNoAuth(() -> raw.setData().forPath(blogService + "/config", "{}".getBytes()));
            assertNoAuth(() -> raw.getData().forPath(blogService + "/config"));
            assertNoAuth(() -> raw.getData().forPath("/auth/credentials/" + state.units().get(blog).id()));
            assertNoAuth(() -> raw.create().forPath("/charms/x", "{}".getBytes()));
            assertNoAuth(() -> raw.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath("/units"));
            assertNotNull(raw.getData().forPath("/topology"), "what every agent may read");
        }
    }

    @Test
    void a_units_tasks_are_read_by_it_alone_and_only_their_progress_written_by_it() throws Exception {
        Tasks.Operation operation = state.tasks().enqueue("backup", List.of(db), Map.of("password", "s3cret"),
                Duration.ofMinutes(1));
        String id = operation.tasks().get(0);
        StateConnection agent2 = agentOf(machine2);
        java.util.concurrent.atomic.AtomicReference<List<TaskInfo>> seen = new java.util.concurrent.atomic.AtomicReference<>(List.of());
        try (Watch watch = agent2.tasks().watch(db, change -> seen.set(change.current()))) {
            POLLING.until(() -> seen.get().size() == 1);
            assertEquals(Map.of("password", "s3cret"), seen.get().get(0).params());
            assertTrue(agent2.tasks().start(db, id));
            agent2.tasks().log(db, id, "dumped");
            agent2.tasks().finish(db, id, TaskStatus.COMPLETED, "", Map.of("size", "1G"));
            POLLING.until(() -> seen.get().isEmpty()); // finished ones are left out
        }
        TaskInfo done = state.tasks().task(id).orElseThrow();
        assertEquals(List.of(TaskStatus.COMPLETED, Map.of("size", "1G"), List.of("dumped")),
                List.of(done.status(), done.results(), done.log().stream().map(TaskInfo.LogEntry::message).toList()));
        try (AutoCloseable controller = state.access().serveMachineRequests()) {
            StateException other = assertThrows(StateException.class, () -> agentOf(machine1).tasks().start(db, id));
            assertTrue(other.getMessage().contains("is not assigned to"), other.getMessage());
        }

        String request = "/units/" + state.units().get(db).id() + "/tasks/task-" + String.format("%010d", Long.parseLong(id));
        List<Credential> held = new ArrayList<>(StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine2), Duration.ofSeconds(10)));
        try (CuratorFramework raw = as(held)) {
            held.addAll(unitCredentials(raw, state.units().get(db).id()));
        }
        try (CuratorFramework raw = as(held)) {
            assertNotNull(raw.getData().forPath(request), "its own task's request it reads");
            assertNoAuth(() -> raw.setData().forPath(request, "{}".getBytes()));
            assertNoAuth(() -> raw.getData().forPath("/tasks/task-" + String.format("%010d", Long.parseLong(id))));
            raw.setData().forPath(request + "/progress", raw.getData().forPath(request + "/progress"));
        }
        List<Credential> machine1Held = StateConnections.redeem(where(), state.access().issueOneTimeCredential(machine1),
                Duration.ofSeconds(10));
        try (CuratorFramework raw = as(machine1Held)) {
            assertNoAuth(() -> raw.getData().forPath(request));
            assertNoAuth(() -> raw.getData().forPath(request + "/progress"));
        }
    }

    @Test
    void a_client_that_is_nobody_reads_and_writes_nothing() throws Exception {
        try (CuratorFramework raw = as(List.of(Credential.generate("nobody")))) {
            assertNoAuth(() -> raw.getData().forPath("/topology"));
            assertNoAuth(() -> raw.getChildren().forPath("/"));
            assertNoAuth(() -> raw.create().forPath("/new"));
            assertNoAuth(() -> raw.setData().forPath("/environment", "{}".getBytes()));
        }
    }

    @Test
    void a_machine_asks_the_controller_for_its_subordinates_and_its_removal() throws Exception {
        state.charms().publish(new CharmRecord("local:precise/logging-1", "file:///charms/logging", "sha-logging",
                Map.of("name", "logging", "subordinate", true), Map.of()));
        state.services().add("logging", "local:precise/logging-1");
        state.relations().add("juju-info", RelationScope.CONTAINER, List.of(
                new RelationEndpoint("blog", "juju-info", RelationRole.SERVER),
                new RelationEndpoint("logging", "info", RelationRole.CLIENT)));
        StateConnection agent1 = agentOf(machine1);
        StateConnection agent2 = agentOf(machine2);
        try (AutoCloseable broker = state.access().serveMachineRequests()) {
            StateException notHere = assertThrows(StateException.class, () -> agent2.units().addSubordinate("logging", blog));
            assertTrue(notHere.getMessage().contains("is not assigned to"), notHere.getMessage());
            UnitInfo sub = agent1.units().addSubordinate("logging", blog);
            assertEquals(sub.name(), agent1.units().addSubordinate("logging", blog).name(), "asked twice: the same unit");
            agent1.units().setAddresses(sub.name(), "blog.example", "10.0.0.1"); // it acts for its subordinate
            agent1.relations().of(state.relations().ofService("logging").get(0).id(), sub.name()).enterScope();
            assertThrows(StateException.class, () -> agent2.units().remove(sub.name()));
            agent1.units().remove(sub.name());
            assertThrows(NoSuchUnitException.class, () -> state.units().get(sub.name()));

            StateException placed = assertThrows(StateException.class, () -> agent2.machines().remove(machine2));
            assertTrue(placed.getMessage().contains("placement"), placed.getMessage());
            assertThrows(StateException.class, () -> agent2.machines().remove(machine1), "not its own");
        }
    }

    @Test
    void only_a_machine_made_for_a_unit_goes_when_its_agent_asks() throws Exception {
        try (CuratorFramework raw = raw()) {
            String environment = new String(raw.getData().forPath("/environment"), java.nio.charset.StandardCharsets.UTF_8);
            raw.setData().forPath("/environment", environment.replaceFirst("(placement\\W*)local", "$1unassigned")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals("unassigned", state.environmentConfig().get().get("placement"));
        // no free machine: placement makes one for the unit
        UnitName made = state.units().add("mysql", 1, jujube.model.Placement.unusedMachine()).get(0).name();
        int madeFor = state.units().get(made).machineId().getAsInt();
        state.units().remove(made);
        state.units().remove(db);
        StateConnection agent2 = agentOf(machine2);
        StateConnection agentMade = agentOf(madeFor);
        try (AutoCloseable broker = state.access().serveMachineRequests()) {
            StateException added = assertThrows(StateException.class, () -> agent2.machine(machine2).removeEmpty());
            assertEquals("the controller refused request remove-machine: machine " + machine2 + " was added by the"
                    + " operator: it stays until the operator terminates it", added.getMessage());
            try {
                agentMade.machine(madeFor).removeEmpty();
            } catch (StateException e) {
                // the request node lives under the machine's node, which goes with the machine before the answer
                assertTrue(e.getMessage().contains("vanished before its answer"), e.getMessage());
            }
        }
        List<Integer> left = state.machines().list().stream().map(jujube.model.MachineInfo::id).toList();
        assertTrue(left.contains(machine2), "the operator's machine stays: " + left);
        assertFalse(left.contains(madeFor), "the unit's machine went: " + left);
    }

    @Test
    void what_an_administrators_command_cut_short_left_undone_the_controller_does_when_asked() throws Exception {
        try (CuratorFramework raw = raw()) {
            // killed after the assignment, before the grant; after adding the relation, before preparing it
            raw.setACL().withACL(List.of(new org.apache.zookeeper.data.ACL(ZooDefs.Perms.ALL,
                    new org.apache.zookeeper.data.Id("digest", digest(admin))))).forPath("/auth/credentials/" + state.units().get(blog).id());
            raw.delete().forPath("/relations/" + relation.id() + "/settings/" + state.units().get(blog).id());
        }
        StateConnection agent1 = agentOf(machine1);
        try (AutoCloseable broker = state.access().serveMachineRequests()) {
            agent1.units().setWorkflowState(blog, "started");
            agent1.relations().of(relation.id(), blog).enterScope();
            StateException refused = assertThrows(StateException.class, () -> agent1.units().setWorkflowState(db, "started"));
            assertTrue(refused.getMessage().contains("is not assigned to"), refused.getMessage());
        }
        assertEquals("10.0.0.1", state.relations().of(relation.id(), db).settingsOf(blog).values().get("private-address"));
    }

    @Test
    void a_global_scope_admits_the_units_of_its_role_service_and_a_new_unit_changes_no_acl() throws Exception {
        String clients = "/relations/" + relation.id() + "/scope/client";
        org.apache.zookeeper.data.Stat before = new org.apache.zookeeper.data.Stat();
        try (CuratorFramework raw = raw()) {
            raw.getACL().storingStatIn(before).forPath(clients);
        }
        UnitName second = state.units().add("blog").name();
        state.units().assign(second, machine2);
        state.units().setAddresses(second, "blog1.example", "10.0.0.3");
        try (CuratorFramework raw = raw()) {
            org.apache.zookeeper.data.Stat after = new org.apache.zookeeper.data.Stat();
            raw.getACL().storingStatIn(after).forPath(clients);
            assertEquals(before.getAversion(), after.getAversion(), "the ACL of blog's side of the scope was not set again");
        }
        agentOf(machine2).relations().of(relation.id(), second).enterScope(); // a unit added after the relation enters
        // with machine 2's, mysql/0's and mysql's credentials, nothing enters blog's side of the scope
        List<Credential> held = new ArrayList<>(StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine2), Duration.ofSeconds(10)));
        try (CuratorFramework raw = as(held)) {
            held.addAll(unitCredentials(raw, state.units().get(db).id()));
        }
        try (CuratorFramework raw = as(held)) {
            assertNoAuth(() -> raw.create().forPath(clients + "/unit-0000000099", "{}".getBytes()));
        }
    }

    @Test
    void a_unit_enters_and_leaves_a_scope_for_itself_and_for_no_sibling() throws Exception {
        UnitName sibling = state.units().add("blog").name();
        state.units().assign(sibling, machine2);
        state.units().setAddresses(sibling, "blog1.example", "10.0.0.3");
        agentOf(machine2).relations().of(relation.id(), sibling).enterScope();
        String clients = "/relations/" + relation.id() + "/scope/client";
        String own = clients + "/" + state.units().get(blog).id();
        // all machine 1 holds: its own credential and blog/0's
        List<Credential> held = new ArrayList<>(StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine1), Duration.ofSeconds(10)));
        try (CuratorFramework raw = as(held)) {
            held.addAll(unitCredentials(raw, state.units().get(blog).id()));
        }
        try (CuratorFramework raw = as(held)) {
            raw.create().forPath(own, "{\"name\":\"blog/0\"}".getBytes(StandardCharsets.UTF_8));
            raw.delete().forPath(own);
            assertNoAuth(() -> raw.delete().forPath(clients + "/" + state.units().get(sibling).id()));
            assertNoAuth(() -> raw.create().forPath(clients + "/unit-0000000099", "{\"name\":\"blog/9\"}".getBytes()));
        }
        assertEquals(java.util.Set.of(sibling), state.relations().of(relation.id(), db).relatedUnits(), "blog/1 is still in");
    }

    @Test
    void scope_entries_that_are_no_members_are_skipped_and_the_members_still_seen() throws Exception {
        StateConnection agent2 = agentOf(machine2);
        UnitRelation server = agent2.relations().of(relation.id(), db);
        server.enterScope();
        StateConnection agent1 = agentOf(machine1);
        UnitRelation client = agent1.relations().of(relation.id(), blog);
        client.enterScope();
        List<Map<UnitName, Integer>> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (Watch watch = client.watchRelatedUnits(change -> seen.add(change.current()))) {
            POLLING.until(() -> !seen.isEmpty() && seen.get(seen.size() - 1).containsKey(db));
            String servers = "/relations/" + relation.id() + "/scope/server";
            try (CuratorFramework raw = raw()) {
                // a made-up unit, an entry whose name is no unit's id, one that is not a map, one of the wrong
                // role, one whose content names another unit
                raw.create().forPath(servers + "/unit-0000000099", "{\"name\":\"mysql/5\"}".getBytes());
                raw.create().forPath(servers + "/junk", "{\"name\":\"mysql/6\"}".getBytes());
                raw.create().forPath(servers + "/unit-0000000098", new byte[] {(byte) 0xff, 0, '{'});
                raw.create().forPath(servers + "/" + state.units().get(blog).id(), "{\"name\":\"blog/0\"}".getBytes());
                raw.setData().forPath(servers + "/" + state.units().get(db).id(), "{\"name\":\"mysql/1\"}".getBytes());
            }
            assertEquals(java.util.Set.of(), client.relatedUnits(), "nothing but entries of no member");
            POLLING.until(() -> seen.get(seen.size() - 1).isEmpty());
            try (CuratorFramework raw = raw()) {
                raw.setData().forPath(servers + "/" + state.units().get(db).id(), "{\"name\":\"mysql/0\"}".getBytes());
            }
            POLLING.until(() -> seen.get(seen.size() - 1).keySet().equals(java.util.Set.of(db)));
            assertEquals(java.util.Set.of(db), client.relatedUnits(), "the member, read past the others");
        }
    }

    @Test
    void a_removed_unit_and_machine_are_revoked_everywhere_and_the_machines_session_closed() throws Exception {
        List<Credential> held = new ArrayList<>(StateConnections.redeem(where(),
                state.access().issueOneTimeCredential(machine2), Duration.ofSeconds(10)));
        String dbId = state.units().get(db).id();
        try (CuratorFramework raw = as(held)) {
            held.addAll(unitCredentials(raw, dbId));
        }
        try (org.apache.zookeeper.ZooKeeper live = sessionOf(held)) {
            live.getData("/" + chroot + "/topology", false, null); // a session of the machine, running
            state.units().remove(db);
            state.machines().remove(machine2);
            List<String> naming = new ArrayList<>();
            try (CuratorFramework raw = raw()) {
                for (Credential c : held) {
                    aclsNaming(raw, "/", digest(c), naming);
                }
                assertEquals(null, raw.checkExists().forPath("/auth/groups/" + state.services().get("mysql").id() + "/" + dbId));
            }
            assertEquals(List.of(), naming, "no ACL names the removed machine or unit any more");
            // its session is refused at its next request, and closed
            assertRefused(live, () -> live.getData("/" + chroot + "/topology", false, null));
            POLLING.until(() -> !live.getState().isAlive());
        }
        // what it saved is worth nothing: every kind of node refuses it (and closes the session that tried)
        for (String path : List.of("/", "/topology", "/environment", "/settings", "/charms", "/services", "/machines",
                "/units", "/relations", "/relations/" + relation.id() + "/scope/server", "/logs", "/auth/tokens")) {
            try (org.apache.zookeeper.ZooKeeper saved = sessionOf(held)) {
                assertRefused(saved, () -> saved.getData("/" + chroot + (path.equals("/") ? "" : path), false, null));
            }
        }
    }

    /**
     * Refused: by the node's ACL, or by a server that closed the session as revoked first. A request in
     * flight when the server closes the session's connection is lost with it: then the session must be
     * seen closed, not merely cut off.
     */
    private static void assertRefused(org.apache.zookeeper.ZooKeeper session, ZooKeeperCall call) {
        KeeperException refused = assertThrows(KeeperException.class, call::run);
        if (refused.code() == KeeperException.Code.CONNECTIONLOSS) {
            POLLING.until(() -> !session.getState().isAlive());
            return;
        }
        assertTrue(refused.code() == KeeperException.Code.NOAUTH || refused.code() == KeeperException.Code.SESSIONEXPIRED
                || refused.code() == KeeperException.Code.AUTHFAILED, refused.code().toString());
    }

    /** A plain session holding {@code credentials} as an agent does, connected. */
    private org.apache.zookeeper.ZooKeeper sessionOf(List<Credential> credentials) throws Exception {
        java.util.concurrent.CountDownLatch connected = new java.util.concurrent.CountDownLatch(1);
        org.apache.zookeeper.ZooKeeper zk = new org.apache.zookeeper.ZooKeeper(this.zk.getConnectString(), 10_000, e -> {
            if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
            }
        });
        for (Credential c : credentials) {
            for (String scheme : List.of("digest", "jujube")) {
                zk.addAuthInfo(scheme, (c.principal() + ":" + c.secret()).getBytes(StandardCharsets.UTF_8));
            }
        }
        assertTrue(connected.await(10, java.util.concurrent.TimeUnit.SECONDS));
        return zk;
    }

    /** Adds to {@code found} every node at or below {@code path} whose ACL names {@code digest}. */
    private static void aclsNaming(CuratorFramework raw, String path, String digest, List<String> found) throws Exception {
        String principal = digest.substring(0, digest.indexOf(':'));
        for (org.apache.zookeeper.data.ACL acl : raw.getACL().forPath(path)) {
            if (acl.getId().getId().equals(digest) || acl.getId().getId().endsWith("/" + principal)) {
                found.add(path + " " + acl);
            }
        }
        for (String child : raw.getChildren().forPath(path)) {
            aclsNaming(raw, path.equals("/") ? "/" + child : path + "/" + child, digest, found);
        }
    }

    private static String digest(Credential c) throws Exception {
        return org.apache.zookeeper.server.auth.DigestAuthenticationProvider.generateDigest(c.principal() + ":" + c.secret());
    }

    @Test
    void an_environment_made_before_the_policy_is_brought_under_it_once() throws Exception {
        // what an environment of an earlier version looks like: every node open, no principals
        try (CuratorFramework raw = raw()) {
            raw.delete().deletingChildrenIfNeeded().forPath("/auth");
            for (String path : List.of("/", "/topology", "/units", "/units/" + state.units().get(db).id())) {
                raw.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(path);
            }
            raw.setData().forPath("/settings", "{\"provider-type\":\"local\",\"relation-scope-membership\":\"persistent\"}"
                    .getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(!state.access().isPolicyApplied());
        StateConnection controller = connect(List.of());
        assertTrue(controller.access().applyPolicy() >= 4);
        assertTrue(controller.access().isPolicyApplied());
        assertEquals(0, controller.access().applyPolicy(), "idempotent");
        try (CuratorFramework nobody = as(List.of(Credential.generate("nobody")))) {
            assertNoAuth(() -> nobody.setData().forPath("/topology", "{}".getBytes()));
        }
        StateConnection agent2 = agentOf(machine2);
        agent2.units().setWorkflowState(db, "started");
        try (AutoCloseable broker = controller.access().serveMachineRequests()) {
            assertThrows(StateException.class, () -> agent2.units().setWorkflowState(blog, "started"));
        }
    }

    private interface ZooKeeperCall {
        void run() throws Exception;
    }

    private static void assertNoAuth(ZooKeeperCall call) {
        assertThrows(KeeperException.NoAuthException.class, call::run);
    }
}
