package jujube.process.internal;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import jujube.files.MountEntry;

/**
 * This agent's cgroup directories, under which each group of processes (a unit's hooks) gets cgroups of
 * its own: one where the {@code pids} controller applies (each group's {@code pids.max}) and, where the
 * {@code cpu} controller can be used too, one where it applies, so that all the processes of one group
 * share one group's weight of the processor against each other group and the agent's threads (a fork
 * bomb's thousand processes would otherwise have a thousand shares, and every other hook of the machine,
 * and the agent killing the bomb, would wait for them). Found from {@code /proc/self/mountinfo} and {@code /proc/self/cgroup}:
 * cgroup v2 when its hierarchy offers {@code pids} (one directory for both controllers), else v1's
 * {@code pids} hierarchy and, when mounted, v1's {@code cpu} hierarchy. In v1 a directory is under the
 * agent's own cgroup. In v2 it cannot be (a cgroup that holds processes cannot enable controllers for
 * its children), so it is a sibling of the agent's cgroup, and enables the controllers below it.
 *
 * @param version 1 or 2
 * @param pids the agent's directory, {@code jujube-hooks-<pid>}, of the pids hierarchy; made by {@link #find}
 * @param cpu the same of the cpu hierarchy (v2: the same directory), empty when there is none to use
 */
record AgentCgroups(int version, Path pids, Optional<Path> cpu) {
    /** Processes and threads kept for the agent itself out of a limit it shares with the processes it runs. */
    static final int AGENT_RESERVE = 100;
    /**
     * The prefix of the agents' directories, followed by the pid of the agent that made one; named for the
     * hooks they hold, and how every agent on a machine finds the directories of agents gone.
     */
    static final String DIR_PREFIX = "jujube-hooks-";
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    /** Why no pids hierarchy could be used (each way tried, and why it failed). */
    static final class UnavailableException extends Exception {
        UnavailableException(String message) {
            super(message);
        }
    }

    /** A group's cgroups: where its processes are limited and (when there is one) share the processor. */
    record Group(Path pids, Optional<Path> cpu) {
        /** The {@code cgroup.procs} files a process writes "0" to, to move itself into the group's cgroups. */
        List<Path> procs() {
            List<Path> files = new ArrayList<>();
            cpu.filter(dir -> !dir.equals(pids)).ifPresent(dir -> files.add(dir.resolve("cgroup.procs")));
            files.add(pids.resolve("cgroup.procs"));
            return files;
        }
    }

    /** The directories of this agent's hierarchies: the pids one, then the cpu one when it is another. */
    List<Path> dirs() {
        List<Path> dirs = new ArrayList<>(List.of(pids));
        cpu.filter(dir -> !dir.equals(pids)).ifPresent(dirs::add);
        return dirs;
    }

    /** The real host's: this process's mounts and cgroups. */
    static AgentCgroups find(String dirName) throws UnavailableException {
        return find(Path.of("/proc/self/mountinfo"), Path.of("/proc/self/cgroup"), dirName);
    }

    /**
     * Makes the agent's directories {@code dirName} in the first hierarchy with {@code pids} where that
     * works, v2 before v1.
     *
     * @throws UnavailableException naming, for each version, why it cannot be used
     */
    static AgentCgroups find(Path mountinfo, Path cgroupFile, String dirName) throws UnavailableException {
        List<MountEntry> mounts;
        List<String> cgroups;
        try {
            mounts = MountEntry.read(mountinfo);
            cgroups = Files.readAllLines(cgroupFile);
        } catch (IOException e) {
            throw new UnavailableException("cannot read " + mountinfo + " and " + cgroupFile + ": " + e.getMessage());
        }
        List<String> problems = new ArrayList<>();
        try {
            return v2(mounts, cgroups, dirName);
        } catch (UnavailableException e) {
            problems.add("cgroup v2: " + e.getMessage());
        }
        try {
            return v1(mounts, cgroups, dirName);
        } catch (UnavailableException e) {
            problems.add("cgroup v1: " + e.getMessage());
        }
        throw new UnavailableException(String.join("; ", problems));
    }

    private static AgentCgroups v2(List<MountEntry> mounts, List<String> cgroups, String dirName)
            throws UnavailableException {
        MountEntry mount = mounts.stream().filter(m -> m.type().equals("cgroup2")).findFirst()
                .orElseThrow(() -> new UnavailableException("not mounted"));
        String own = cgroups.stream().filter(l -> l.startsWith("0::")).map(l -> l.substring(3)).findFirst()
                .orElseThrow(() -> new UnavailableException("this process is in no cgroup of it"));
        Path ownDir = resolve(mount, own);
        // a cgroup holding processes cannot give controllers to its children: the directory goes beside it
        Path parent = own.equals(mount.root()) ? ownDir : ownDir.getParent();
        List<String> offered = words(parent.resolve("cgroup.controllers"));
        if (!offered.contains("pids")) {
            throw new UnavailableException("no pids controller in " + parent);
        }
        List<String> controllers = offered.contains("cpu") ? List.of("pids", "cpu") : List.of("pids");
        List<String> enabled = words(parent.resolve("cgroup.subtree_control"));
        for (String controller : controllers) {
            if (!enabled.contains(controller)) {
                write(parent.resolve("cgroup.subtree_control"), "+" + controller);
            }
        }
        Path dir = make(parent.resolve(dirName));
        write(dir.resolve("cgroup.subtree_control"), "+" + String.join(" +", controllers));
        leaveRoomForTheAgent(dir);
        return new AgentCgroups(2, dir, controllers.contains("cpu") ? Optional.of(dir) : Optional.empty());
    }

    private static AgentCgroups v1(List<MountEntry> mounts, List<String> cgroups, String dirName)
            throws UnavailableException {
        Path pids = v1Dir(mounts, cgroups, "pids", dirName);
        if (!Files.exists(pids.resolve("pids.max"))) {
            throw new UnavailableException(pids + " has no pids.max");
        }
        leaveRoomForTheAgent(pids);
        Optional<Path> cpu;
        try {
            cpu = Optional.of(v1Dir(mounts, cgroups, "cpu", dirName)).filter(dir -> Files.exists(dir.resolve("cpu.shares")));
        } catch (UnavailableException e) {
            cpu = Optional.empty(); // processes are limited all the same, only not weighted by group
        }
        return new AgentCgroups(1, pids, cpu);
    }

    /** The agent's directory in the v1 hierarchy of {@code controller}, made. */
    private static Path v1Dir(List<MountEntry> mounts, List<String> cgroups, String controller, String dirName)
            throws UnavailableException {
        MountEntry mount = mounts.stream().filter(m -> m.type().equals("cgroup") && m.options().contains(controller))
                .findFirst().orElseThrow(() -> new UnavailableException("no " + controller + " hierarchy mounted"));
        String own = cgroups.stream().map(l -> l.split(":", 3)).filter(f -> f.length == 3)
                .filter(f -> Arrays.asList(f[1].split(",")).contains(controller)).map(f -> f[2]).findFirst()
                .orElseThrow(() -> new UnavailableException("this process is in no " + controller + " cgroup"));
        return make(resolve(mount, own).resolve(dirName));
    }

    /**
     * Bounds all the groups together below the limit the agent lives under (a container machine's), by
     * {@link #AGENT_RESERVE} or a quarter of it: however many groups reach their own limits at once, the
     * agent can still start threads (a JVM that cannot exits) and kill what reached a limit. Nothing is
     * set where the agent lives under no limit.
     *
     * @param dir the agent's directory, whose parent's {@code pids.max} is the limit shared with the agent
     */
    static void leaveRoomForTheAgent(Path dir) throws UnavailableException {
        String shared;
        try {
            shared = Files.readString(dir.getParent().resolve("pids.max")).strip();
        } catch (IOException e) {
            return; // the hierarchy's root has no limit file, and so no limit
        }
        if (shared.matches("[0-9]{1,9}")) {
            int limit = Integer.parseInt(shared);
            write(dir.resolve("pids.max"), Integer.toString(Math.max(1, limit - Math.max(AGENT_RESERVE, limit / 4))));
        }
    }

    /**
     * The group's cgroups under this agent's directories, made if missing, its process limit set; named for
     * the group with anything but letters, digits, '.', '_' and '-' made '-' ({@code wordpress/0}:
     * {@code wordpress-0}).
     */
    Group group(String group, int maxProcesses) throws IOException {
        String name = UNSAFE.matcher(group).replaceAll("-");
        Path pidsCgroup = makeCgroup(pids.resolve(name));
        Files.writeString(pidsCgroup.resolve("pids.max"), Integer.toString(maxProcesses));
        Optional<Path> cpuCgroup = Optional.empty();
        if (cpu.isPresent()) {
            cpuCgroup = Optional.of(cpu.get().equals(pids) ? pidsCgroup : makeCgroup(cpu.get().resolve(name)));
        }
        return new Group(pidsCgroup, cpuCgroup);
    }

    private static Path makeCgroup(Path cgroup) throws IOException {
        try {
            Files.createDirectory(cgroup);
        } catch (FileAlreadyExistsException e) {
            // an earlier process's, or one an agent of this pid made before a bundle update
        }
        return cgroup;
    }

    private static Path make(Path dir) throws UnavailableException {
        try {
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new UnavailableException("cannot make " + dir + ": " + e);
        }
    }

    private static void write(Path file, String text) throws UnavailableException {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UnavailableException("cannot write '" + text + "' to " + file + ": " + e);
        }
    }

    private static List<String> words(Path file) throws UnavailableException {
        try {
            return Arrays.asList(Files.readString(file).trim().split("\\s+"));
        } catch (IOException e) {
            throw new UnavailableException("cannot read " + file + ": " + e);
        }
    }

    /**
     * Where a cgroup path ({@code /proc/self/cgroup}) is under the mount of its hierarchy.
     *
     * @throws UnavailableException when the mount does not show it (another cgroup namespace's)
     */
    private static Path resolve(MountEntry mount, String cgroup) throws UnavailableException {
        String root = mount.root();
        String base = root.equals("/") ? "" : root;
        if (!cgroup.equals(root) && !cgroup.startsWith(base + "/")) {
            throw new UnavailableException("cgroup " + cgroup + " is not under " + mount.point() + " (mounted from " + root + ")");
        }
        String relative = cgroup.substring(base.length());
        return relative.isEmpty() || relative.equals("/") ? mount.point() : mount.point().resolve(relative.substring(1));
    }
}
