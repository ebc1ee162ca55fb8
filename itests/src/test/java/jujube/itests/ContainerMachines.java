package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.provider.local.LocalLayout;

/**
 * The containers of an environment whose machines are LXC containers, looked at and disturbed with the
 * host's own tools, as an operator would: {@code lxc-attach}, {@code lxc-freeze}, {@code lxc-info},
 * {@code ip}, {@code nft}.
 */
final class ContainerMachines {
    /**
     * The lock of the test classes that make container machines: the integration tests run two classes
     * at a time, and one container environment at a time keeps the host's bridges and the containers'
     * start-up (the heaviest of the suite) out of each other's way.
     */
    static final String LOCK = "lxc-containers";
    private static final Pattern BRIDGE = Pattern.compile("container-bridge: \"?(jujube-[0-9a-f]{6})\"?");
    private final Environment env;

    ContainerMachines(Environment env) {
        this.env = env;
    }

    /** The environment's bridge, as {@code environment.yaml} records it. */
    static String bridgeOf(Path envDir) throws IOException {
        Matcher m = BRIDGE.matcher(Files.readString(envDir.resolve("environment.yaml")));
        if (!m.find()) {
            throw new AssertionError("no container-bridge in " + envDir.resolve("environment.yaml"));
        }
        return m.group(1);
    }

    String bridge() throws IOException {
        return bridgeOf(env.dir());
    }

    String name(int machine) {
        return env.name + "-machine-" + machine;
    }

    /** The host end of the machine's veth. */
    String veth(int machine) throws IOException {
        return "jj" + bridge().substring("jujube-".length()) + "-" + machine;
    }

    /** Runs {@code command} inside the machine's container ({@code lxc-attach}). */
    Distribution.Run attach(int machine, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of("-n", name(machine), "-P", LocalLayout.containersDir(env.dir()).toString(),
                "--"));
        args.addAll(List.of(command));
        return env.distribution.run(Map.of(), "lxc-attach", args.toArray(String[]::new));
    }

    /** Like {@link #attach}, and it must succeed; returns its standard output. */
    String attachOk(int machine, String... command) throws Exception {
        Distribution.Run run = attach(machine, command);
        assertEquals(0, run.exit(), () -> String.join(" ", command) + " in machine " + run.err() + run.out());
        return run.out();
    }

    /** The container's state as {@code lxc-info} gives it: RUNNING, FROZEN, STOPPED. */
    String state(int machine) throws Exception {
        return host("lxc-info", "-n", name(machine), "-P", LocalLayout.containersDir(env.dir()).toString(), "-s")
                .replace("State:", "").strip();
    }

    void freeze(int machine) throws Exception {
        host("lxc-freeze", "-n", name(machine), "-P", LocalLayout.containersDir(env.dir()).toString());
    }

    void thaw(int machine) throws Exception {
        host("lxc-unfreeze", "-n", name(machine), "-P", LocalLayout.containersDir(env.dir()).toString());
    }

    /**
     * Drops every frame to and from the machine's veth on the bridge, until the returned cut is closed:
     * the machine's network is gone while the machine runs on.
     */
    AutoCloseable cut(int machine) throws Exception {
        String veth = veth(machine);
        String table = "jujube_cut_" + veth.replace('-', '_');
        Path rules = Files.createTempFile("jujube-cut", ".nft");
        Files.writeString(rules, "table bridge " + table + " {\n"
                + "  chain in { type filter hook input priority 0; iifname \"" + veth + "\" drop; }\n"
                + "  chain through { type filter hook forward priority 0; iifname \"" + veth + "\" drop; oifname \""
                + veth + "\" drop; }\n"
                + "  chain out { type filter hook output priority 0; oifname \"" + veth + "\" drop; }\n}\n");
        try {
            host("nft", "-f", rules.toString());
        } finally {
            Files.delete(rules);
        }
        return () -> host("nft", "delete", "table", "bridge", table);
    }

    /** Runs a host tool; it must succeed. */
    String host(String program, String... args) throws Exception {
        Distribution.Run run = env.distribution.run(Map.of(), program, args);
        assertEquals(0, run.exit(), () -> program + " " + String.join(" ", args) + ": " + run.err() + run.out());
        return run.out();
    }

    /** Where machine {@code machine}'s disk is mounted: its {@code home/}, {@code upper/} and {@code work/}. */
    Path mount(int machine) {
        return LocalLayout.runtimeDir(env.dir()).resolve("machine-" + machine);
    }

    /**
     * What an environment could leave on the host, which {@code destroy-environment} must have removed:
     * its bridge and veths, mounts naming its directory or its runtime directory, processes naming it,
     * its directory and its runtime directory.
     */
    static List<String> leftovers(Path envDir, String bridge) throws IOException {
        List<String> left = new ArrayList<>();
        String veths = "jj" + bridge.substring("jujube-".length()) + "-";
        try (var links = Files.list(Path.of("/sys/class/net"))) {
            links.map(p -> p.getFileName().toString()).filter(n -> n.equals(bridge) || n.startsWith(veths))
                    .forEach(n -> left.add("link " + n));
        }
        Path runtime = LocalLayout.runtimeDir(envDir);
        Files.readAllLines(Path.of("/proc/mounts")).stream()
                .filter(l -> l.contains(envDir.toString()) || l.contains(runtime.toString()))
                .forEach(l -> left.add("mount " + l));
        Distribution.processesMentioning(envDir).forEach(p -> left.add("process " + p.pid()));
        Distribution.processesMentioning(runtime).forEach(p -> left.add("process " + p.pid()));
        for (Path dir : List.of(envDir, runtime)) {
            if (Files.exists(dir)) {
                left.add("directory " + dir);
            }
        }
        return left;
    }
}
