package jujube.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.cli.CliException;
import jujube.files.AtomicFiles;
import jujube.provider.ssh.RemoteMachine;
import jujube.provider.ssh.SshException;
import jujube.provider.ssh.SshHost;
import jujube.provider.ssh.SshTarget;
import jujube.access.CredentialFiles;
import jujube.model.MachineInfo;
import jujube.state.StateConnection;

/**
 * The environment's machines on other hosts, installed and removed over SSH by the command line, with the
 * operator's SSH agent or keys: the controller never logs in anywhere. Each is recorded in
 * {@code ssh/machine-N} (its host, {@code ssh:[USER@]HOST}), so that {@code destroy-environment} reaches
 * it without ZooKeeper; the hosts' keys are in {@code ssh/known_hosts}. On its host, a machine is named
 * {@code jujube-<environment>-<6 hex of the environment's directory>-machine-N}: its directory and its
 * service, unique to this environment.
 */
final class SshMachines {
    private static final Pattern RECORD = Pattern.compile("machine-([0-9]{1,9})");
    private static final Duration POLL = Duration.ofMillis(250);
    private static final int SESSION_TIMEOUT_MS = 15_000;
    private final LocalEnvironment env;

    SshMachines(LocalEnvironment env) {
        this.env = env;
    }

    Path knownHosts() {
        return env.sshDir().resolve("known_hosts");
    }

    private Path record(int machineId) {
        return env.sshDir().resolve("machine-" + machineId);
    }

    String service(int machineId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(env.dir().toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
            return "jujube-" + env.name() + "-" + HexFormat.of().formatHex(digest).substring(0, 6) + "-machine-" + machineId;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private RemoteMachine remote(SshTarget target, int machineId) {
        return new RemoteMachine(new SshHost(target, knownHosts()), service(machineId),
                "Jujube machine " + machineId + " of environment " + env.name());
    }

    /**
     * Adds a machine on {@code target}: recorded in the state with its instance from the start (so the
     * provisioning agent leaves it alone), installed there and started, then awaited until its agent
     * connects. A failure before its agent started removes what was made; after, the machine stays, its
     * agent retrying, and the failure says so.
     */
    int add(StateConnection state, SshTarget target, Duration timeout, PrintWriter out) {
        if (!env.servesOtherHosts()) {
            throw new CliException("a machine on another host needs ZooKeeper where that host reaches it, over TLS:"
                    + " this environment's listens on " + env.zookeeperAddress() + " (bootstrap a new one with"
                    + " --zookeeper-address ADDRESS --tls)");
        }
        for (MachineInfo m : state.machines().list()) {
            if (m.instanceId().equals(target.instanceId())) {
                throw new CliException(target + " runs machine " + m.id() + " of this environment already");
            }
        }
        int id = state.machines().add(target.instanceId()).id();
        RemoteMachine machine = remote(target, id);
        RemoteMachine.Probe probe;
        try {
            AtomicFiles.write(record(id), (target.instanceId() + "\n").getBytes(StandardCharsets.UTF_8));
            probe = machine.probe();
            machine.install(probe, Distribution.dir(), Path.of(System.getProperty("java.home")),
                    new RemoteMachine.Agent(id, env.connectString(), target.host(), SESSION_TIMEOUT_MS), agentFiles(state, id));
        } catch (IOException | RuntimeException e) {
            undo(machine, state, id);
            String reason = e instanceof CliException ? e.getMessage()
                    : e.getMessage() == null ? e.toString() : e.getMessage();
            throw new CliException("cannot add a machine on " + target + ": " + reason, e);
        }
        out.printf("Machine %d installed on %s (%s); waiting for its agent%n", id, target,
                probe.systemd() ? "systemd service " + service(id) : "detached process, not restarted after a reboot");
        out.flush();
        awaitAgent(state, id, timeout, machine, probe, target);
        return id;
    }

    /**
     * The files the agent is given in its data directory before its first start: the environment's
     * authority certificate, which it trusts ZooKeeper with, and a one-time credential, which it redeems
     * (over TLS) for its own credentials at its first start.
     */
    private Map<String, byte[]> agentFiles(StateConnection state, int machineId) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(RemoteMachine.ZOOKEEPER_CA, Files.readAllBytes(env.certificates().caCertificate()));
        files.put(CredentialFiles.ONE_TIME, CredentialFiles.oneTimeContent(state.access().issueOneTimeCredential(machineId)));
        return files;
    }

    private void undo(RemoteMachine machine, StateConnection state, int id) {
        try {
            machine.remove();
        } catch (RuntimeException e) {
            // unreachable: nothing was put there either
        }
        try {
            state.machines().remove(id);
            Files.deleteIfExists(record(id));
        } catch (RuntimeException | IOException e) {
            // 'terminate-machine' removes what is left
        }
    }

    private void awaitAgent(StateConnection state, int id, Duration timeout, RemoteMachine machine,
            RemoteMachine.Probe probe, SshTarget target) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (state.machines().list().stream().noneMatch(m -> m.id() == id && m.agentConnected())) {
            if (System.nanoTime() > deadline) {
                String log;
                try {
                    log = machine.logTail(probe, 5).replace('\n', '|');
                } catch (RuntimeException e) {
                    log = "(cannot read it: " + e.getMessage() + ")";
                }
                throw new CliException("machine " + id + "'s agent on " + target + " has not connected within "
                        + timeout.toSeconds() + " s; it keeps trying ('jujube status' shows when it does,"
                        + " 'jujube terminate-machine " + id + "' removes it); its log ends: " + log);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("interrupted while waiting for machine " + id + "'s agent");
            }
        }
    }

    /**
     * Stops machine {@code id}'s agent on {@code target} and removes its files there, then its record
     * here; whether there was anything there.
     *
     * @throws SshException when the host cannot be reached or refuses
     */
    boolean remove(int id, SshTarget target) {
        boolean removed = remote(target, id).remove();
        try {
            Files.deleteIfExists(record(id));
        } catch (IOException e) {
            throw new CliException("cannot remove " + record(id) + ": " + e.getMessage(), e);
        }
        return removed;
    }

    /** The machines recorded here, by id: what {@code destroy-environment} reaches without ZooKeeper. */
    Map<Integer, SshTarget> recorded() {
        Map<Integer, SshTarget> machines = new TreeMap<>();
        if (!Files.isDirectory(env.sshDir())) {
            return machines;
        }
        try (Stream<Path> files = Files.list(env.sshDir())) {
            for (Path f : files.toList()) {
                Matcher m = RECORD.matcher(f.getFileName().toString());
                if (m.matches() && Files.size(f) < 1024) {
                    try {
                        machines.put(Integer.parseInt(m.group(1)), SshTarget.parse(Files.readString(f).strip()));
                    } catch (IllegalArgumentException e) {
                        throw new CliException(f + ": " + e.getMessage());
                    }
                }
            }
        } catch (IOException e) {
            throw new CliException("cannot read " + env.sshDir() + ": " + e.getMessage(), e);
        }
        return machines;
    }
}
