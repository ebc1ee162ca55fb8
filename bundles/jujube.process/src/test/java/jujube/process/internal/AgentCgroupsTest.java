package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the agent's directories of unit cgroups go, from mountinfo and /proc/self/cgroup as a host shows
 * them: the hierarchies are laid out in a temporary directory (plain files standing for the control files).
 */
class AgentCgroupsTest {
    private static final String DIR = "jujube-hooks-42";

    @TempDir
    Path root;

    @Test
    void cgroup_v2_goes_beside_the_agents_own_cgroup_and_gives_its_units_pids_and_cpu() throws Exception {
        Path v2 = root.resolve("unified");
        Path slice = Files.createDirectories(v2.resolve("system.slice"));
        Files.writeString(slice.resolve("cgroup.controllers"), "cpu io memory pids\n");
        Files.writeString(slice.resolve("cgroup.subtree_control"), "cpu memory\n");
        Files.createDirectories(slice.resolve("jujube.service"));

        AgentCgroups found = find(mount(41, "/", v2, "cgroup2", "rw") + mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"),
                "8:pids:/system.slice/jujube.service\n0::/system.slice/jujube.service\n");

        assertEquals(new AgentCgroups(2, slice.resolve(DIR), Optional.of(slice.resolve(DIR))), found);
        assertEquals("+pids", Files.readString(slice.resolve("cgroup.subtree_control")), "enabled where missing");
        assertEquals("+pids +cpu", Files.readString(slice.resolve(DIR).resolve("cgroup.subtree_control")));
        assertEquals(List.of(slice.resolve(DIR)), found.dirs());
    }

    @Test
    void cgroup_v2_without_the_pids_controller_leaves_v1_with_its_cpu_hierarchy() throws Exception {
        Path v2 = root.resolve("unified");
        Files.createDirectories(v2);
        Files.writeString(v2.resolve("cgroup.controllers"), "hugetlb\n");
        Path pids = v1Dir("pids", "machines/m0", "pids.max");
        Path cpu = v1Dir("cpu,cpuacct", "", "cpu.shares");

        AgentCgroups found = find(mount(41, "/", v2, "cgroup2", "rw") + mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids")
                + mount(32, "/", root.resolve("cpu,cpuacct"), "cgroup", "rw,cpu,cpuacct"),
                "9:name=systemd:/\n8:pids:/machines/m0\n2:cpu,cpuacct:/\n0::/\n");

        assertEquals(new AgentCgroups(1, pids, Optional.of(cpu)), found);
        assertEquals(List.of(pids, cpu), found.dirs());
    }

    @Test
    void without_a_cpu_hierarchy_units_are_limited_all_the_same() throws Exception {
        Path pids = v1Dir("pids", "", "pids.max");

        AgentCgroups found = find(mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/\n");

        assertEquals(new AgentCgroups(1, pids, Optional.empty()), found);
    }

    @Test
    void a_hierarchy_mounted_from_a_subtree_is_followed() throws Exception {
        // a container's view: its own cgroup mounted at the mount point, the escaped space included
        Path pids = root.resolve("pids cg").resolve("agent").resolve(DIR);
        Files.createDirectories(pids);
        Files.writeString(pids.resolve("pids.max"), "max\n");

        AgentCgroups found = find(mount(39, "/lxc/c1", root.resolve("pids\\040cg"), "cgroup", "rw,pids"),
                "5:pids:/lxc/c1/agent\n");

        assertEquals(new AgentCgroups(1, pids, Optional.empty()), found);
    }

    @Test
    void under_a_machines_limit_the_hooks_together_leave_room_for_the_agent() throws Exception {
        // a container machine's view: its cgroup, limited by the host, at the hierarchy's root
        Files.createDirectories(root.resolve("pids"));
        Files.writeString(root.resolve("pids/pids.max"), "1000\n");
        Path pids = v1Dir("pids", "", "pids.max");
        find(mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/\n");
        assertEquals("750", Files.readString(pids.resolve("pids.max")), "a quarter kept for the agent");

        Files.writeString(root.resolve("pids/pids.max"), "300\n");
        find(mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/\n");
        assertEquals("200", Files.readString(pids.resolve("pids.max")), "at least " + AgentCgroups.AGENT_RESERVE + " kept");

        Files.writeString(root.resolve("pids/pids.max"), "max\n");
        Files.writeString(pids.resolve("pids.max"), "max\n");
        find(mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/\n");
        assertEquals("max\n", Files.readString(pids.resolve("pids.max")), "no limit above: none set");
    }

    @Test
    void with_no_usable_hierarchy_both_reasons_are_given() {
        AgentCgroups.UnavailableException e = assertThrows(AgentCgroups.UnavailableException.class,
                () -> find(mount(32, "/", root.resolve("cpu"), "cgroup", "rw,cpu") + mount(39, "/lxc/other",
                        root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/elsewhere\n"));

        assertEquals("cgroup v2: not mounted; cgroup v1: cgroup /elsewhere is not under " + root.resolve("pids")
                + " (mounted from /lxc/other)", e.getMessage());
    }

    @Test
    void a_groups_cgroups_are_named_after_it_and_carry_the_limit() throws Exception {
        Path pids = Files.createDirectories(root.resolve("pids").resolve(DIR));
        Path cpu = Files.createDirectories(root.resolve("cpu").resolve(DIR));
        AgentCgroups cgroups = new AgentCgroups(1, pids, Optional.of(cpu));

        AgentCgroups.Group group = cgroups.group("wordpress/12", 100);
        cgroups.group("wordpress/12", 200); // again: the limit follows the configuration

        assertEquals(new AgentCgroups.Group(pids.resolve("wordpress-12"), Optional.of(cpu.resolve("wordpress-12"))), group);
        assertEquals("200", Files.readString(group.pids().resolve("pids.max")));
        assertEquals(List.of(cpu.resolve("wordpress-12/cgroup.procs"), pids.resolve("wordpress-12/cgroup.procs")),
                group.procs(), "a process joins both, the process limit last");
        assertEquals(List.of(pids.resolve("x/cgroup.procs")),
                new AgentCgroups.Group(pids.resolve("x"), Optional.of(pids.resolve("x"))).procs(), "v2: one cgroup");
    }

    /** The agent's directory of a v1 hierarchy mounted at {@code <root>/<hierarchy>}, holding {@code control}. */
    private Path v1Dir(String hierarchy, String own, String control) throws IOException {
        Path dir = Files.createDirectories(root.resolve(hierarchy).resolve(own).resolve(DIR));
        Files.writeString(dir.resolve(control), "max\n");
        return dir;
    }

    private AgentCgroups find(String mountinfo, String cgroups) throws IOException, AgentCgroups.UnavailableException {
        Path mounts = Files.writeString(root.resolve("mountinfo"), mountinfo);
        Path own = Files.writeString(root.resolve("cgroup"), cgroups);
        return AgentCgroups.find(mounts, own, DIR);
    }

    /** A mountinfo line, as the kernel writes it (optional fields and all). */
    private static String mount(int id, String hierarchyRoot, Path point, String type, String superOptions) {
        return id + " 31 0:" + id + " " + hierarchyRoot + " " + point + " rw,nosuid,nodev,noexec,relatime shared:9 - "
                + type + " " + type + " " + superOptions + "\n";
    }
}
