package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A directory of a cgroup hierarchy with the {@code pids} controller where this agent may make one cgroup
 * per unit, each with its own {@code pids.max}. Found from {@code /proc/self/mountinfo} and
 * {@code /proc/self/cgroup}: cgroup v2 when its hierarchy offers {@code pids}, else v1's {@code pids}
 * hierarchy. In v1 the directory is under the agent's own cgroup. In v2 it cannot be (a cgroup that holds
 * processes cannot enable controllers for its children), so it is a sibling of the agent's cgroup, and
 * enables {@code pids} for the unit cgroups below it.
 *
 * @param version 1 or 2
 * @param dir the agent's directory, {@code jujube-hooks-<pid>}; made by {@link #find}
 */
record PidsHierarchy(int version, Path dir) {
    /** The prefix of the agents' directories, followed by the pid of the agent that made one. */
    static final String DIR_PREFIX = "jujube-hooks-";

    /** Why no hierarchy could be used (each way tried, and why it failed). */
    static final class UnavailableException extends Exception {
        UnavailableException(String message) {
            super(message);
        }
    }

    /** The real host's: this process's mounts and cgroups. */
    static PidsHierarchy find(String dirName) throws UnavailableException {
        return find(Path.of("/proc/self/mountinfo"), Path.of("/proc/self/cgroup"), dirName);
    }

    /**
     * Makes the agent's directory {@code dirName} in the first hierarchy where that works, v2 before v1.
     *
     * @throws UnavailableException naming, for each version, why it cannot be used
     */
    static PidsHierarchy find(Path mountinfo, Path cgroupFile, String dirName) throws UnavailableException {
        List<String> mounts;
        List<String> cgroups;
        try {
            mounts = Files.readAllLines(mountinfo);
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

    private static PidsHierarchy v2(List<String> mounts, List<String> cgroups, String dirName)
            throws UnavailableException {
        Mount mount = mounts.stream().map(Mount::parse).flatMap(Optional::stream).filter(m -> m.type().equals("cgroup2"))
                .findFirst().orElseThrow(() -> new UnavailableException("not mounted"));
        String own = cgroups.stream().filter(l -> l.startsWith("0::")).map(l -> l.substring(3)).findFirst()
                .orElseThrow(() -> new UnavailableException("this process is in no cgroup of it"));
        Path ownDir = mount.resolve(own);
        // a cgroup holding processes cannot give controllers to its children: the directory goes beside it
        Path parent = own.equals(mount.root()) ? ownDir : ownDir.getParent();
        if (!words(parent.resolve("cgroup.controllers")).contains("pids")) {
            throw new UnavailableException("no pids controller in " + parent);
        }
        if (!words(parent.resolve("cgroup.subtree_control")).contains("pids")) {
            write(parent.resolve("cgroup.subtree_control"), "+pids");
        }
        Path dir = make(parent.resolve(dirName));
        write(dir.resolve("cgroup.subtree_control"), "+pids");
        return new PidsHierarchy(2, dir);
    }

    private static PidsHierarchy v1(List<String> mounts, List<String> cgroups, String dirName)
            throws UnavailableException {
        Mount mount = mounts.stream().map(Mount::parse).flatMap(Optional::stream)
                .filter(m -> m.type().equals("cgroup") && m.options().contains("pids")).findFirst()
                .orElseThrow(() -> new UnavailableException("no pids hierarchy mounted"));
        String own = cgroups.stream().map(l -> l.split(":", 3)).filter(f -> f.length == 3)
                .filter(f -> Arrays.asList(f[1].split(",")).contains("pids")).map(f -> f[2]).findFirst()
                .orElseThrow(() -> new UnavailableException("this process is in no pids cgroup"));
        Path dir = make(mount.resolve(own).resolve(dirName));
        if (!Files.exists(dir.resolve("pids.max"))) {
            throw new UnavailableException(dir + " has no pids.max");
        }
        return new PidsHierarchy(1, dir);
    }

    /** The unit's cgroup directory under {@link #dir}, made if missing, its limit set. */
    Path unitCgroup(String unit, int maxProcesses) throws IOException {
        Path cgroup = dir.resolve(ThreadNames.sanitize(unit));
        try {
            Files.createDirectory(cgroup);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // an earlier hook's, or one an agent of this pid made before a bundle update
        }
        Files.writeString(cgroup.resolve("pids.max"), Integer.toString(maxProcesses));
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

    /** A line of mountinfo: the hierarchy's path that is mounted ({@code root}), where, its type and options. */
    private record Mount(String root, Path point, String type, List<String> options) {
        static Optional<Mount> parse(String line) {
            String[] fields = line.split(" ");
            int dash = Arrays.asList(fields).indexOf("-");
            if (dash < 6 || fields.length < dash + 4) {
                return Optional.empty();
            }
            List<String> options = new ArrayList<>(Arrays.asList(fields[5].split(",")));
            options.addAll(Arrays.asList(fields[dash + 3].split(",")));
            return Optional.of(new Mount(unescape(fields[3]), Path.of(unescape(fields[4])), fields[dash + 1], options));
        }

        /**
         * Where a cgroup path ({@code /proc/self/cgroup}) is under this mount point.
         *
         * @throws UnavailableException when the mount does not show it (another cgroup namespace's)
         */
        Path resolve(String cgroup) throws UnavailableException {
            String base = root.equals("/") ? "" : root;
            if (!cgroup.equals(root) && !cgroup.startsWith(base + "/")) {
                throw new UnavailableException("cgroup " + cgroup + " is not under " + point + " (mounted from " + root + ")");
            }
            String relative = cgroup.substring(base.length());
            return relative.isEmpty() || relative.equals("/") ? point : point.resolve(relative.substring(1));
        }

        /** mountinfo writes space, tab, newline and backslash as octal escapes. */
        private static String unescape(String field) {
            StringBuilder out = new StringBuilder(field.length());
            for (int i = 0; i < field.length(); i++) {
                char c = field.charAt(i);
                if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                    out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                    i += 3;
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }
}
