package jujube.hooks.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.hooks.HookInvoker;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.RelationIds;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.tools.JavaFallback;
import jujube.model.CharmRecord;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.testkit.ZooKeeperEnvironment;
import jujube.testkit.ZooKeeperServer;

/**
 * An environment in a real ZooKeeper (one server per test class, a chroot per test): mysql/0 and
 * wordpress/0 related over {@code db} and both joined, wordpress in a peer relation {@code cluster}
 * alone, wordpress's config with a set title over charm defaults, port 22/tcp open on wordpress/0; and
 * wordpress/0's unit directory with a charm whose hooks are shell scripts.
 */
final class UnitFixture implements AutoCloseable {
    static final UnitName WORDPRESS = UnitName.parse("wordpress/0");
    static final UnitName MYSQL = UnitName.parse("mysql/0");

    final StateConnection state;
    final Path unitDir;
    final Path charmDir;
    final Path outDir;
    final RelationInfo db;
    final RelationInfo cluster;
    final String dbId;
    private final ZooKeeperEnvironment env;
    private final List<UnitRelation> members = new ArrayList<>();

    UnitFixture(ZooKeeperServer zk, Path root) throws IOException {
        env = zk.newEnvironment("env");
        state = env.state();
        state.charms().publish(new CharmRecord("local:precise/mysql-1", "file:///c/mysql", "sha-m",
                Map.of("name", "mysql"), Map.of()));
        state.charms().publish(new CharmRecord("local:precise/wordpress-3", "file:///c/wp", "sha-w",
                Map.of("name", "wordpress", "summary", "a blog", "description", "a blog"), Map.of("options", Map.of(
                        "title", Map.of("type", "string", "default", "My Blog"),
                        "port", Map.of("type", "int", "default", 80),
                        "ratio", Map.of("type", "float", "default", 0.5),
                        "debug", Map.of("type", "boolean"),
                        "tagline", Map.of("type", "string")))));
        state.services().add("mysql", "local:precise/mysql-1");
        state.services().add("wordpress", "local:precise/wordpress-3");
        state.services().updateConfig("wordpress", Map.of("title", "Real blog", "debug", true));
        state.units().add("mysql");
        state.units().add("wordpress");
        state.units().setAddresses(MYSQL, "mysql.example", "10.0.0.1");
        state.units().setAddresses(WORDPRESS, "blog.example", "10.0.0.2");
        state.units().openPort(WORDPRESS, new Port(22, "tcp"));
        db = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("wordpress", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "db", RelationRole.SERVER)));
        cluster = state.relations().add("wordpress-peer", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("wordpress", "cluster", RelationRole.PEER)));
        dbId = RelationIds.hookId(db, "wordpress");
        mysqlSide().enterScope();
        members.add(mysqlSide());
        mysqlSide().updateSettings(Map.of("user", "wp", "password", "secret", "host", "10.0.0.1"));
        wordpressSide().enterScope();
        members.add(wordpressSide());
        unitDir = Files.createDirectories(root.resolve("units").resolve("wordpress-0"));
        charmDir = Files.createDirectories(unitDir.resolve("charm").resolve("hooks")).getParent();
        outDir = Files.createDirectories(root.resolve("out"));
    }

    /** Another connection to the same environment, owned by the caller (as another agent's would be). */
    StateConnection connectAgain() {
        return env.newConnection();
    }

    UnitRelation mysqlSide() {
        return state.relations().of(db.id(), MYSQL);
    }

    UnitRelation wordpressSide() {
        return state.relations().of(db.id(), WORDPRESS);
    }

    /** The db relation's changed hook about mysql/0, as the scheduler would queue it. */
    RelationHookInfo dbChanged() {
        return new RelationHookInfo("db", dbId, MYSQL.toString(), List.of(MYSQL.toString()));
    }

    UnitHookSetup setup(HookInvoker invoker) {
        return new UnitHookSetup(state.unit(WORDPRESS), invoker, unitDir, charmDir, new ObjectMapper(),
                JavaFallback.fromRuntime());
    }

    /** Writes an executable hook; {@code $OUT} in the body is the output directory. */
    void hook(String name, String body) throws IOException {
        Path hook = charmDir.resolve("hooks").resolve(name);
        Files.writeString(hook, "#!/bin/sh\nOUT='" + outDir + "'\n" + body + "\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
    }

    String out(String name) throws IOException {
        return Files.readString(outDir.resolve(name));
    }

    /** A named pipe in the output directory: a hook blocks reading it until the test writes a line. */
    Path fifo(String name) throws IOException, InterruptedException {
        Path fifo = outDir.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        if (mkfifo.waitFor() != 0) {
            throw new IOException("mkfifo failed");
        }
        return fifo;
    }

    /** Both units leave the db relation's scope. */
    void leaveRelation() throws Exception {
        for (UnitRelation member : members) {
            member.leaveScope();
        }
        members.clear();
    }

    @Override
    public void close() throws Exception {
        leaveRelation();
        env.close();
    }
}
