package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the agent's directory of unit cgroups goes, from mountinfo and /proc/self/cgroup as a host shows
 * them: the hierarchies are laid out in a temporary directory (plain files standing for the control files).
 */
class PidsHierarchyTest {
    private static final String DIR = "jujube-hooks-42";

    @TempDir
    Path root;

    @Test
    void cgroupV2GoesBesideTheAgentsOwnCgroupAndGivesItsUnitsPids() throws Exception {
        Path v2 = root.resolve("unified");
        Path slice = Files.createDirectories(v2.resolve("system.slice"));
        Files.writeString(slice.resolve("cgroup.controllers"), "cpu io memory pids\n");
        Files.writeString(slice.resolve("cgroup.subtree_control"), "cpu memory\n");
        Files.createDirectories(slice.resolve("jujube.service"));

        PidsHierarchy found = find(mount(41, "/", v2, "cgroup2", "rw") + mount(39, "/", root.resolve("pids"), "cgroup", "rw,pids"),
                "8:pids:/system.slice/jujube.service\n0::/system.slice/jujube.service\n");

        assertEquals(new PidsHierarchy(2, slice.resolve(DIR)), found);
        assertEquals("+pids", Files.readString(slice.resolve("cgroup.subtree_control")), "enabled where missing");
        assertEquals("+pids", Files.readString(slice.resolve(DIR).resolve("cgroup.subtree_control")));
    }

    @Test
    void cgroupV2WithoutThePidsControllerLeavesV1() throws Exception {
        Path v2 = root.resolve("unified");
        Files.createDirectories(v2);
        Files.writeString(v2.resolve("cgroup.controllers"), "hugetlb\n");
        Path v1 = root.resolve("pids");
        Files.createDirectories(v1.resolve("machines/m0").resolve(DIR));
        Files.writeString(v1.resolve("machines/m0").resolve(DIR).resolve("pids.max"), "max\n");

        PidsHierarchy found = find(mount(41, "/", v2, "cgroup2", "rw") + mount(39, "/", v1, "cgroup", "rw,pids"),
                "9:name=systemd:/\n8:pids:/machines/m0\n0::/\n");

        assertEquals(new PidsHierarchy(1, v1.resolve("machines/m0").resolve(DIR)), found);
    }

    @Test
    void aHierarchyMountedFromASubtreeIsFollowed() throws Exception {
        // a container's view: its own cgroup mounted at the mount point, the escaped space included
        Path v1 = root.resolve("pids cg");
        Files.createDirectories(v1.resolve("agent").resolve(DIR));
        Files.writeString(v1.resolve("agent").resolve(DIR).resolve("pids.max"), "max\n");

        PidsHierarchy found = find(mount(39, "/lxc/c1", root.resolve("pids\\040cg"), "cgroup", "rw,pids,cpu"),
                "5:cpu,pids:/lxc/c1/agent\n");

        assertEquals(new PidsHierarchy(1, v1.resolve("agent").resolve(DIR)), found);
    }

    @Test
    void withNoUsableHierarchyBothReasonsAreGiven() {
        PidsHierarchy.UnavailableException e = assertThrows(PidsHierarchy.UnavailableException.class,
                () -> find(mount(32, "/", root.resolve("cpu"), "cgroup", "rw,cpu") + mount(39, "/lxc/other",
                        root.resolve("pids"), "cgroup", "rw,pids"), "8:pids:/elsewhere\n"));

        assertEquals("cgroup v2: not mounted; cgroup v1: cgroup /elsewhere is not under " + root.resolve("pids")
                + " (mounted from /lxc/other)", e.getMessage());
    }

    @Test
    void aUnitsCgroupIsNamedAfterItAndCarriesTheLimit() throws Exception {
        Path dir = Files.createDirectories(root.resolve(DIR));
        PidsHierarchy hierarchy = new PidsHierarchy(1, dir);

        Path cgroup = hierarchy.unitCgroup("wordpress/12", 100);
        hierarchy.unitCgroup("wordpress/12", 200); // again: the limit follows the configuration

        assertEquals(dir.resolve("wordpress-12"), cgroup);
        assertEquals("200", Files.readString(cgroup.resolve("pids.max")));
        assertTrue(Files.isDirectory(cgroup));
    }

    private PidsHierarchy find(String mountinfo, String cgroups) throws IOException, PidsHierarchy.UnavailableException {
        Path mounts = Files.writeString(root.resolve("mountinfo"), mountinfo);
        Path own = Files.writeString(root.resolve("cgroup"), cgroups);
        return PidsHierarchy.find(mounts, own, DIR);
    }

    /** A mountinfo line, as the kernel writes it (optional fields and all). */
    private static String mount(int id, String hierarchyRoot, Path point, String type, String superOptions) {
        return id + " 31 0:" + id + " " + hierarchyRoot + " " + point + " rw,nosuid,nodev,noexec,relatime shared:9 - "
                + type + " " + type + " " + superOptions + "\n";
    }
}
