package jujube.provider.local.internal;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jujube.files.MountEntry;

/**
 * Which cgroup version each controller a container's limits need is mounted in on this host, so that
 * its LXC keys are the right ones: {@code lxc.cgroup.*} for a controller of a v1 hierarchy (with v1's
 * file names), {@code lxc.cgroup2.*} for one of the unified hierarchy. A host may mix both (Debian's
 * hybrid layout).
 *
 * @param v1 the controllers mounted as v1 hierarchies
 */
record CgroupVersions(Set<String> v1) {
    /** This host's, from its mounts. */
    static CgroupVersions host() throws IOException {
        return of(MountEntry.ofThisProcess());
    }

    static CgroupVersions of(List<MountEntry> mounts) {
        Set<String> v1 = new HashSet<>();
        mounts.stream().filter(m -> m.type().equals("cgroup")).forEach(m -> v1.addAll(m.options()));
        return new CgroupVersions(Set.copyOf(v1));
    }

    /** The configuration line limiting a machine's processes. */
    String pids(int max) {
        return key("pids", "pids.max", "pids.max") + " = " + max;
    }

    /** The configuration line limiting a machine's memory. */
    String memory(long bytes) {
        return key("memory", "memory.limit_in_bytes", "memory.max") + " = " + bytes;
    }

    /** The configuration lines allowing the machine {@code devices} (LXC's {@code type major:minor access}) and no other. */
    List<String> devices(List<String> allowed) {
        String prefix = v1.contains("devices") ? "lxc.cgroup.devices." : "lxc.cgroup2.devices.";
        List<String> lines = new java.util.ArrayList<>(List.of(prefix + "deny = a"));
        allowed.forEach(d -> lines.add(prefix + "allow = " + d));
        return lines;
    }

    private String key(String controller, String v1File, String v2File) {
        return v1.contains(controller) ? "lxc.cgroup." + v1File : "lxc.cgroup2." + v2File;
    }
}
