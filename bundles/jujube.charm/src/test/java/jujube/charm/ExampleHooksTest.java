package jujube.charm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the example charms' hooks, unpacked from their archives (so the executable bits must survive),
 * against stand-in hook tools that read and record through files.
 */
class ExampleHooksTest {
    private static final Map<String, String> TOOLS = Map.of(
            "relation-get", "cat \"$FAKE/relation/$1\" 2>/dev/null || true",
            "relation-set", "echo \"$*\" >> \"$FAKE/relation-set.log\"",
            "config-get", "cat \"$FAKE/config/$1\"",
            "unit-get", "echo 10.0.0.7",
            "open-port", "echo \"open $1\" >> \"$FAKE/ports.log\"",
            "close-port", "echo \"close $1\" >> \"$FAKE/ports.log\"",
            "juju-log", "echo \"$*\" >> \"$FAKE/juju-log.log\"");

    @TempDir
    Path temp;

    private Path fake;
    private Path bin;

    @BeforeEach
    void tools() throws IOException {
        fake = Files.createDirectories(temp.resolve("fake"));
        Files.createDirectories(fake.resolve("relation"));
        Files.createDirectories(fake.resolve("config"));
        bin = Files.createDirectories(temp.resolve("bin"));
        for (Map.Entry<String, String> tool : TOOLS.entrySet()) {
            Path script = Files.writeString(bin.resolve(tool.getKey()), "#!/bin/sh\n" + tool.getValue() + "\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private Path deploy(String charm, String unit) {
        Path archive = CharmArchives.build(CharmReaderTest.EXAMPLES.resolve(charm), temp.resolve(charm + ".charm")).path();
        return CharmArchives.extract(archive, temp.resolve("units").resolve(unit).resolve("charm")).path();
    }

    private void run(Path charmDir, String hook, String unit, String remote) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(charmDir.resolve("hooks").resolve(hook).toString())
                .directory(charmDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("hook-output.log").toFile());
        builder.environment().clear();
        builder.environment().putAll(Map.of("CHARM_DIR", charmDir.toString(), "JUJU_UNIT_NAME", unit, "FAKE", fake.toString(),
                "PATH", bin + ":/usr/bin:/bin", "JUJU_REMOTE_UNIT", remote, "JUJU_RELATION_ID", "db:0"));
        Process process = builder.start();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), hook + " did not finish");
        assertEquals(0, process.exitValue(), () -> hook + " failed: " + read(temp.resolve("hook-output.log")));
    }

    private void relation(String key, String value) throws IOException {
        Files.writeString(fake.resolve("relation").resolve(key), value + "\n");
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void mysql_publishes_credentials_until_the_client_is_ready() throws Exception {
        Path charm = deploy("mysql", "mysql-0");
        for (String hook : List.of("install", "config-changed", "start", "db-relation-joined", "db-relation-changed")) {
            run(charm, hook, "mysql/0", hook.startsWith("db-") ? "blog/0" : "");
        }
        List<String> sets = Files.readAllLines(fake.resolve("relation-set.log"));
        assertEquals(2, sets.size());
        assertTrue(sets.get(0).matches("user=blog password=[0-9a-f]{20} host=10\\.0\\.0\\.7 database=blog"), sets.get(0));
        assertEquals(sets.get(0), sets.get(1), "the credentials are the same in every hook");
        assertTrue(Files.exists(charm.resolve("../running")));
        assertEquals("database=blog\nuser=blog\nhost=10.0.0.7\n", read(charm.resolve("../databases/db:0.blog")));

        relation("ready", "true");
        run(charm, "db-relation-changed", "mysql/0", "blog/0");
        assertEquals(2, Files.readAllLines(fake.resolve("relation-set.log")).size(), "nothing set once the client is ready");
        run(charm, "db-relation-broken", "mysql/0", "");
        assertFalse(Files.exists(charm.resolve("../databases/db:0.blog")));
        assertEquals(List.of("install -", "config-changed -", "start -", "db-relation-joined blog/0 database=blog",
                "db-relation-changed blog/0 ready=no", "db-relation-changed blog/0 ready=true", "db-relation-broken - relation=db:0"),
                Files.readAllLines(charm.resolve("../hook.log")));
    }

    @Test
    void wordpress_waits_for_credentials_then_confirms_once() throws Exception {
        Path charm = deploy("wordpress", "blog-0");
        for (Map.Entry<String, String> option : Map.of("title", "My blog", "port", "8081", "ratio", "0.25", "debug", "true").entrySet()) {
            Files.writeString(fake.resolve("config").resolve(option.getKey()), option.getValue() + "\n");
        }
        run(charm, "install", "blog/0", "");
        run(charm, "config-changed", "blog/0", "");
        run(charm, "start", "blog/0", "");
        assertEquals("title=My blog\nport=8081\nratio=0.25\ndebug=true\n", read(charm.resolve("../wordpress.conf")));
        assertEquals("open 8081/tcp\n", read(fake.resolve("ports.log")));

        run(charm, "db-relation-changed", "blog/0", "mysql/0");
        assertFalse(Files.exists(charm.resolve("../db.conf")));
        assertFalse(Files.exists(fake.resolve("relation-set.log")));
        assertTrue(read(fake.resolve("juju-log.log")).contains("waiting for database credentials from mysql/0"));

        relation("user", "blog");
        relation("password", "s3cret");
        relation("host", "10.0.0.7");
        relation("database", "blog");
        run(charm, "db-relation-changed", "blog/0", "mysql/0");
        run(charm, "db-relation-changed", "blog/0", "mysql/0");
        assertEquals("database=blog\nuser=blog\npassword=s3cret\nhost=10.0.0.7\n", read(charm.resolve("../db.conf")));
        assertEquals("ready=true\n", read(fake.resolve("relation-set.log")));

        Files.writeString(fake.resolve("config/port"), "9000\n");
        run(charm, "config-changed", "blog/0", "");
        assertEquals("open 8081/tcp\nclose 8081/tcp\nopen 9000/tcp\n", read(fake.resolve("ports.log")));
        run(charm, "db-relation-broken", "blog/0", "");
        assertFalse(Files.exists(charm.resolve("../db.conf")));
    }

    @Test
    void logging_records_its_principal() throws Exception {
        Path charm = deploy("logging", "logging-0");
        relation("private-address", "10.0.0.9");
        run(charm, "juju-info-relation-joined", "logging/0", "blog/0");
        run(charm, "juju-info-relation-changed", "logging/0", "blog/0");
        assertEquals("unit=blog/0\naddress=10.0.0.9\n", read(charm.resolve("../principal")));
        run(charm, "juju-info-relation-broken", "logging/0", "");
        assertFalse(Files.exists(charm.resolve("../principal")));
        assertEquals(List.of("juju-info-relation-joined blog/0", "juju-info-relation-changed blog/0 address=10.0.0.9", "juju-info-relation-broken -"),
                Files.readAllLines(charm.resolve("../hook.log")));
    }
}
