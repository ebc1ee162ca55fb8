package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;

/**
 * A second host on this machine, for what must cross a network: an LXC container on an overlay of this
 * host's root (its own filesystem layer, process table and network namespace), on a bridge of its own
 * with a /24 of {@code 10.250.N}, running Debian's {@code sshd} with a host key of its own and the key of
 * an operator, which an {@code ssh-agent} of the test holds. Closing it stops the agent and the container
 * and removes the bridge: nothing is left on this host, whatever the test did.
 */
final class SecondHost implements AutoCloseable {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    private static final String NAME = "sshhost";
    private final Path dir;
    private final String bridge;
    private final String subnet;
    private Process sshAgent;
    private boolean containerStarted;

    private SecondHost(Path dir, String bridge, String subnet) {
        this.dir = dir;
        this.bridge = bridge;
        this.subnet = subnet;
    }

    /** This host's address on the bridge: where the second host reaches it. */
    String gateway() {
        return subnet + ".1";
    }

    /** The second host's address. */
    String address() {
        return subnet + ".2";
    }

    /** The socket of the ssh-agent holding the operator's key: {@code SSH_AUTH_SOCK} of the commands. */
    Path agentSocket() {
        return dir.resolve("agent.sock");
    }

    Path hostPublicKey() {
        return dir.resolve("keys/host_key.pub");
    }

    /** Starts the host in {@code dir}; half-started, it is stopped before the failure is thrown. */
    static SecondHost start(Path dir) throws Exception {
        String subnet = freeSubnet();
        SecondHost host = new SecondHost(dir, "jjssh" + subnet.substring(subnet.lastIndexOf('.') + 1), subnet);
        try {
            host.up();
        } catch (Exception | AssertionError e) {
            host.close();
            throw e;
        }
        return host;
    }

    private void up() throws Exception {
        run("ip", "link", "add", bridge, "type", "bridge");
        run("ip", "addr", "add", gateway() + "/24", "dev", bridge);
        run("ip", "link", "set", bridge, "up");
        Path keys = Files.createDirectories(dir.resolve("keys"));
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "second host", "-f", keys.resolve("host_key").toString());
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "operator", "-f", keys.resolve("operator").toString());
        Files.copy(keys.resolve("operator.pub"), keys.resolve("authorized_keys"));
        Files.writeString(keys.resolve("sshd_config"), String.join("\n",
                "ListenAddress " + address(),
                "HostKey " + keys.resolve("host_key"),
                "PermitRootLogin prohibit-password",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "AuthorizedKeysFile " + keys.resolve("authorized_keys"),
                "StrictModes no",
                "UsePAM no",
                "PidFile none", ""));
        Path container = dir.resolve("lxc").resolve(NAME);
        Path delta = container.resolve("delta");
        Files.createDirectories(delta.resolve("run/sshd"));
        // the host's own names, no nameserver (nothing to wait for), and a root whose shell starts plain
        Files.createDirectories(delta.resolve("etc"));
        Files.writeString(delta.resolve("etc/hosts"), "127.0.0.1\tlocalhost\n" + address() + "\t" + NAME + "\n");
        Files.writeString(delta.resolve("etc/resolv.conf"), "# no nameserver\n");
        Files.createDirectories(delta.resolve("root"));
        Files.writeString(delta.resolve("root/.bashrc"), "");
        Files.writeString(delta.resolve("root/.profile"), "");
        Files.writeString(container.resolve("config"), String.join("\n",
                "lxc.uts.name = " + NAME,
                "lxc.rootfs.path = overlay:/:" + delta,
                "lxc.autodev = 1",
                "lxc.pty.max = 16",
                "lxc.mount.auto = proc:rw sys:ro cgroup:ro",
                "lxc.net.0.type = veth",
                "lxc.net.0.link = " + bridge,
                "lxc.net.0.veth.pair = " + bridge + "h",
                "lxc.net.0.flags = up",
                "lxc.net.0.ipv4.address = " + address() + "/24",
                "lxc.net.0.ipv4.gateway = " + gateway(),
                "lxc.environment = PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                "lxc.environment = HOME=/root", ""));
        containerStarted = true;
        run("lxc-execute", "-n", NAME, "-P", dir.resolve("lxc").toString(), "-f", container.resolve("config").toString(),
                "-d", "-o", dir.resolve("lxc/lxc.log").toString(), "--", "/usr/sbin/sshd", "-D", "-e",
                "-f", keys.resolve("sshd_config").toString());
        POLLING.await("sshd of the second host").atMost(Duration.ofSeconds(30)).until(this::sshdAnswers);
        sshAgent = new ProcessBuilder("ssh-agent", "-D", "-a", agentSocket().toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        POLLING.await("ssh-agent's socket").atMost(Duration.ofSeconds(10)).until(() -> Files.exists(agentSocket()));
        Distribution.Run added = new Distribution(dir).run(Map.of("SSH_AUTH_SOCK", agentSocket().toString()),
                "ssh-add", "-q", keys.resolve("operator").toString());
        assertEquals(0, added.exit(), () -> "ssh-add: " + added.err());
    }

    private boolean sshdAnswers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address(), 22), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs {@code command} on the second host as root, as the operator would with ssh; its result. */
    Distribution.Run ssh(String command) throws Exception {
        return new Distribution(dir).run(Map.of("SSH_AUTH_SOCK", agentSocket().toString()), "ssh",
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=accept-new",
                "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-o", "LogLevel=ERROR",
                "root@" + address(), command);
    }

    /** Like {@link #ssh}, and it must succeed; its standard output. */
    String sshOk(String command) throws Exception {
        Distribution.Run r = ssh(command);
        assertEquals(0, r.exit(), () -> command + " on the second host: " + r.err() + r.out());
        return r.out();
    }

    /** What the host must not keep once closed: the bridge, the container's veth, its processes. */
    List<String> leftovers() throws IOException {
        List<String> left = new ArrayList<>();
        for (String link : List.of(bridge, bridge + "h")) {
            if (Files.exists(Path.of("/sys/class/net", link))) {
                left.add("link " + link);
            }
        }
        Distribution.processesMentioning(dir).forEach(p -> left.add("process " + p.pid()));
        return left;
    }

    @Override
    public void close() throws Exception {
        if (sshAgent != null) {
            sshAgent.destroy();
            sshAgent.waitFor(10, TimeUnit.SECONDS);
        }
        if (containerStarted) {
            new Distribution(dir).run(Map.of(), "lxc-stop", "-n", NAME, "-P", dir.resolve("lxc").toString(), "-k");
        }
        for (ProcessHandle p : Distribution.processesMentioning(dir)) {
            p.destroyForcibly(); // the container's monitor, should lxc-stop have failed
        }
        if (Files.exists(Path.of("/sys/class/net", bridge))) {
            run("ip", "link", "del", bridge);
        }
    }

    /** A /24 of 10.250 that no address or route of this host touches. */
    private static String freeSubnet() throws Exception {
        String taken = new Distribution(Path.of("/")).run(Map.of(), "ip", "-4", "-o", "addr").out()
                + new Distribution(Path.of("/")).run(Map.of(), "ip", "-4", "route").out();
        List<Integer> candidates = new ArrayList<>();
        for (int n = 1; n < 255; n++) {
            candidates.add(n);
        }
        Collections.shuffle(candidates);
        for (int n : candidates) {
            if (!taken.contains("10.250." + n + ".") && !taken.contains("10.250.0.0/16") && !taken.contains("10.0.0.0/8")
                    && !Files.exists(Path.of("/sys/class/net", "jjssh" + n))) {
                return "10.250." + n;
            }
        }
        throw new AssertionError("no free 10.250.N.0/24 on this host");
    }

    private void run(String... command) throws Exception {
        Distribution.Run r = new Distribution(dir).run(Map.of(), command[0],
                java.util.Arrays.copyOfRange(command, 1, command.length));
        assertEquals(0, r.exit(), () -> String.join(" ", command) + ": " + r.err() + r.out());
    }
}
