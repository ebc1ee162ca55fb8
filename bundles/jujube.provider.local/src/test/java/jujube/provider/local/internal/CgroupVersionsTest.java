package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import jujube.files.MountEntry;
import org.junit.jupiter.api.Test;

class CgroupVersionsTest {
    private static final String V2 = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw";
    private static final String V1_PIDS = "38 29 0:33 / /sys/fs/cgroup/pids rw,nosuid - cgroup cgroup rw,pids";
    private static final String V1_MEMORY = "39 29 0:34 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory";
    private static final String V1_CPU = "40 29 0:35 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct";

    private static CgroupVersions of(String... mountinfo) {
        return CgroupVersions.of(java.util.Arrays.stream(mountinfo).map(l -> MountEntry.parse(l).orElseThrow()).toList());
    }

    @Test
    void a_unified_host_takes_cgroup2_keys() {
        CgroupVersions cgroups = of(V2);
        assertEquals("lxc.cgroup2.pids.max = 10", cgroups.pids(10));
        assertEquals("lxc.cgroup2.memory.max = 42", cgroups.memory(42));
        assertEquals(List.of("lxc.cgroup2.devices.deny = a", "lxc.cgroup2.devices.allow = c 1:3 rwm"),
                cgroups.devices(List.of("c 1:3 rwm")));
    }

    @Test
    void a_hybrid_host_takes_v1_keys_for_the_controllers_of_v1_hierarchies_only() {
        CgroupVersions cgroups = of(V2, V1_PIDS, V1_CPU);
        assertEquals("lxc.cgroup.pids.max = 10", cgroups.pids(10));
        assertEquals("lxc.cgroup2.memory.max = 42", cgroups.memory(42));
        assertEquals("lxc.cgroup.memory.limit_in_bytes = 42", of(V1_MEMORY).memory(42));
    }
}
