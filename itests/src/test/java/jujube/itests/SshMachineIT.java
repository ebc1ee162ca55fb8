package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code add-machine ssh:} on the real distribution, against a second host on this machine
 * ({@link SecondHost}: a container with its own filesystem, processes and network, running sshd, and no
 * Java). The environment's ZooKeeper listens on this host's address on that network and serves TLS only;
 * the machine is installed with the operator's SSH agent, its host key recorded at first use (a wrong one
 * recorded before is refused), with a copy of this JDK; a unit deployed there relates to one here and gets
 * its credentials, naming this host's address; terminate-machine leaves nothing there, and the container
 * and its network go afterwards, also when the test fails.
 */
class SshMachineIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    private static final Duration CONVERGE = Duration.ofSeconds(90);

    @Test
    void a_machine_on_another_host_runs_a_related_unit_over_tls_and_leaves_nothing_there() throws Exception {
        Path home = SCRATCH.make("jujube-ssh");
        SecondHost host = SecondHost.start(home.resolve("host"));
        try (host; Environment env = Environment.bootstrap(home, "remote", "--zookeeper-address", host.gateway(), "--tls")) {
            Map<String, String> agent = Map.of("SSH_AUTH_SOCK", host.agentSocket().toString());
            // in the second host's own layer: it has no Java now
            host.sshOk("while command -v java >/dev/null; do rm -f \"$(command -v java)\"; done");
            assertTrue(speaksOnlyTls(env, host.gateway()), "ZooKeeper answers in the clear");

            // a key recorded for the host that is not its own: refused, nothing added
            Path knownHosts = env.dir().resolve("ssh/known_hosts");
            Files.createDirectories(knownHosts.getParent());
            Files.writeString(knownHosts, host.address() + " " + Files.readString(home.resolve("host/keys/operator.pub")));
            Distribution.Run refused = env.distribution.jujube(agent, "add-machine", "ssh:root@" + host.address(), "-e", env.name);
            assertEquals(1, refused.exit(), refused.out() + refused.err());
            assertTrue(refused.err().contains("shows another host key than the one recorded in " + knownHosts), refused.err());
            assertEquals(1, refused.err().strip().lines().count(), refused.err());
            assertEquals(List.of(0), machines(env));

            // first use: the key is recorded, the machine installed, its agent connected over TLS
            Files.delete(knownHosts);
            Distribution.Run added = env.distribution.jujube(agent, "add-machine", "ssh:root@" + host.address(), "-e", env.name);
            assertEquals(0, added.exit(), added.out() + added.err());
            // machine ids are never reused: the refused attempt had its own
            Matcher addedId = Pattern.compile("Machine (\\d+) added on ssh:root@" + Pattern.quote(host.address()) + "\n$")
                    .matcher(added.out());
            assertTrue(addedId.find(), added.out());
            String id = addedId.group(1);
            assertEquals(List.of(0, Integer.parseInt(id)), machines(env));
            assertEquals(0, env.distribution.run(Map.of(), "ssh-keygen", "-F", host.address(), "-f", knownHosts.toString())
                    .exit(), "the host's key is recorded");
            String remote = host.sshOk("ls -d /var/lib/jujube/jujube-remote-*-machine-" + id).strip();
            host.sshOk("test -x " + remote + "/jdk/bin/java && test -x " + remote + "/dist/bin/jujube-agent");
            assertTrue(host.sshOk("tr '\\0' ' ' < /proc/$(cat " + remote + "/agent.pid)/cmdline")
                    .contains("--zookeeper " + host.gateway() + ":"), "the agent reaches ZooKeeper at this host's address");
            assertEquals("rw-------", host.sshOk("stat -c %A " + remote + "/data/zookeeper-ca.pem").strip().substring(1));

            // a unit there, related to one here: the settings travel, naming addresses each side reaches
            env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
            env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog", "--to", id);
            env.ok("add-relation", "blog", "mysql");
            POLLING.await("blog/0 ready on the second host").atMost(CONVERGE)
                    .untilAsserted(() -> assertTrue(() -> remoteFile(host, remote + "/data/units/blog-0/hook.log").contains("db-relation-changed mysql/0 ready"),
                            () -> "last seen: " + remoteFile(host, remote + "/data/units/blog-0/hook.log")));
            assertTrue(remoteFile(host, remote + "/data/units/blog-0/db.conf").contains("host=" + host.gateway() + "\n"),
                    "the database is reached at this host's address, not the second host's loopback");
            JsonNode status = env.status();
            assertEquals("ssh:root@" + host.address(), status.path("machines").path(id).path("instance-id").asText());
            assertEquals(host.address(), status.path("services").path("blog").path("units").path("blog/0")
                    .path("public-address").asText());
            assertEquals(host.gateway(), status.path("services").path("mysql").path("units").path("mysql/0")
                    .path("public-address").asText());

            // upgraded as any machine: a changed jujube.hooks fetched from the state, its new log line there
            assertEquals(env.distribution.jujube(Map.of(), "version").out().strip().replace("jujube ", ""),
                    status.path("machines").path(id).path("agent-version").asText(), "it says what it runs");
            Path dist = Path.of(System.getProperty("jujube.itest.dist"));
            Path hooks = home.resolve("jujube.hooks.jar");
            BundleJars.variant(dist.resolve("features/machine-agent/bundles/jujube.hooks.jar"), hooks, "99.2.0",
                    Map.of("jujube/hooks/internal/ProcessHookInvoker.class", Map.of("hook={}: running", "hook={}: RUNNING")));
            Path next = DistributionVariants.variant(dist, home.resolve("dist-next"), "99.2.0", Map.of("jujube.hooks.jar", hooks));
            String upgraded = env.ok("upgrade-agents", "--dist", next.toString());
            assertTrue(upgraded.contains("machine " + id + ": upgraded to 99.2.0"), upgraded);
            assertEquals("99.2.0", env.status().path("machines").path(id).path("agent-version").asText());
            assertEquals(jujube.files.FileDigests.sha256(hooks) + "\n",
                    host.sshOk("sha256sum " + remote + "/data/deploy/jujube.hooks.jar | cut -d' ' -f1"));
            env.ok("set", "blog", "title=upgraded");
            POLLING.await("the new hook runner at work there").atMost(CONVERGE).until(() -> !host.ssh(
                    "grep -rl 'hook=config-changed: RUNNING' " + remote + " 2>/dev/null").out().isBlank());

            // its unit gone, the machine goes, and with it everything it had on its host
            env.ok("destroy-service", "blog");
            POLLING.await("blog's unit retired").atMost(CONVERGE).until(() -> !env.status().path("services").has("blog"));
            Distribution.Run terminated = env.distribution.jujube(agent, "terminate-machine", id, "-e", env.name);
            assertEquals(0, terminated.exit(), terminated.out() + terminated.err());
            assertEquals(List.of(0), machines(env));
            // the second host sees this host's /var/lib/jujube (its machines' base roots) through its overlay
            assertEquals("gone", host.sshOk("ls -d /var/lib/jujube/jujube-* >/dev/null 2>&1 && echo there || echo gone").strip());
            assertEquals("", host.sshOk("ps -e -o args= | grep -v grep | grep -F -e jujube-agent -e " + remote + " || true").strip());
        }
        assertEquals(List.of(), host.leftovers());
    }

    /** Whether ZooKeeper at {@code address} leaves a plain four-letter word unanswered: a TLS server does. */
    private static boolean speaksOnlyTls(Environment env, String address) throws IOException {
        Matcher port = Pattern.compile("zookeeper-port: *(\\d+)").matcher(Files.readString(env.dir().resolve("environment.yaml")));
        assertTrue(port.find());
        try (Socket s = new Socket(address, Integer.parseInt(port.group(1)))) {
            s.setSoTimeout(30_000);
            s.getOutputStream().write("ruok\n".getBytes(StandardCharsets.US_ASCII));
            try {
                return !new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).contains("imok");
            } catch (IOException e) {
                return true; // reset: not a plain server either
            }
        }
    }

    private static List<Integer> machines(Environment env) {
        List<Integer> ids = new java.util.ArrayList<>();
        env.status().path("machines").fieldNames().forEachRemaining(id -> ids.add(Integer.parseInt(id)));
        return ids;
    }

    private static String remoteFile(SecondHost host, String file) {
        try {
            return host.ssh("cat " + file + " 2>/dev/null").out();
        } catch (Exception e) {
            return "(" + e + ")";
        }
    }
}
