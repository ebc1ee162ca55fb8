package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.agent.provisioning.ProviderException;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.MachineIds;
import jujube.provider.local.MachineLimits;
import org.junit.jupiter.api.Test;

class ContainerConfigTest {
    private static final Path ROOT = Path.of("/var/lib/jujube/machine-roots/debian-bookworm-0123");
    private static final CgroupVersions V1 = new CgroupVersions(Set.of("pids", "memory", "devices", "cpu"));
    private static final CgroupVersions V2 = new CgroupVersions(Set.of());

    private static LocalLayout layout(Path env) {
        return new LocalLayout(env, Path.of("/opt/jujube"), "10.77.0.1:2181", env.resolve("charms"), 15000,
                Optional.of(new ContainerSettings(ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16"),
                        new MachineIds(100_000, 200_000, 65_536), new MachineLimits(300, 512L << 20, 1L << 30), ROOT)));
    }

    private static List<String> lines(LocalLayout layout, CgroupVersions cgroups) {
        MachineDisk disk = new MachineDisk(layout.machineImage(3), layout.machineMount(3));
        return ContainerConfig.lines(layout, 3, disk, layout.containerDir(3).resolve("seccomp"), cgroups,
                Path.of("/usr/lib/jvm/jdk"), List.of(Path.of("/usr/lib/jvm/jdk"), Path.of("/etc/jdk")),
                Map.of("PATH", "/usr/bin:/bin", "LANG", "C.UTF-8", "SECRET", "x"));
    }

    @Test
    void the_machines_ids_map_to_the_unprivileged_range_and_its_root_is_the_base_under_its_own_layer() {
        LocalLayout layout = layout(Path.of("/srv/env"));
        List<String> lines = lines(layout, V1);
        assertTrue(lines.contains("lxc.idmap = u 0 100000 65536"), lines::toString);
        assertTrue(lines.contains("lxc.idmap = g 0 200000 65536"), lines::toString);
        assertTrue(lines.contains("lxc.rootfs.path = overlay:" + ROOT + ":" + layout.machineMount(3).resolve("upper")),
                lines::toString);
        assertTrue(lines.contains("lxc.uts.name = machine-3"));
        assertTrue(lines.contains("lxc.pty.max = 1024"), "terminals of its own: lxc-attach shells, tmux");
    }

    @Test
    void the_machine_sees_its_own_directory_the_charms_the_distribution_and_the_jdk_and_nothing_of_the_environment() {
        Path env = Path.of("/srv/env");
        LocalLayout layout = layout(env);
        List<String> mounts = lines(layout, V1).stream().filter(l -> l.startsWith("lxc.mount.entry")).toList();
        String home = layout.machineMount(3).resolve("home").toString();
        assertEquals(List.of(
                "lxc.mount.entry = " + home + " " + home.substring(1) + " none rw,nosuid,nodev,bind,create=dir 0 0",
                "lxc.mount.entry = " + layout.charmsView() + " " + layout.charmsView().toString().substring(1)
                        + " none ro,nosuid,nodev,idmap=container,bind,create=dir 0 0",
                "lxc.mount.entry = " + layout.distView() + " " + layout.distView().toString().substring(1)
                        + " none ro,nosuid,nodev,bind,create=dir 0 0",
                "lxc.mount.entry = /usr/lib/jvm/jdk usr/lib/jvm/jdk none ro,nosuid,nodev,bind,create=dir 0 0",
                "lxc.mount.entry = /etc/jdk etc/jdk none ro,nosuid,nodev,bind,create=dir 0 0"), mounts);
        assertFalse(lines(layout, V1).stream().anyMatch(l -> !l.startsWith("#") && l.contains(env.toString())),
                "no path of the environment's directory: it is the host root's alone");
    }

    @Test
    void the_machine_holds_no_capability_to_mount_nor_any_touching_the_hosts_kernel_and_has_read_only_kernel_files() {
        List<String> lines = lines(layout(Path.of("/srv/env")), V1);
        String dropped = lines.stream().filter(l -> l.startsWith("lxc.cap.drop = ")).findFirst().orElseThrow();
        for (String cap : List.of("sys_admin", "sys_module", "sys_rawio", "sys_time", "sys_boot", "mac_admin",
                "mac_override", "syslog", "net_admin")) {
            assertTrue(List.of(dropped.substring("lxc.cap.drop = ".length()).split(" ")).contains(cap), cap + ": " + dropped);
        }
        assertTrue(lines.contains("lxc.mount.auto = proc:mixed sys:ro cgroup:mixed:force"), lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("lxc.seccomp.profile = ") && l.endsWith("/seccomp")));
        assertTrue(SeccompProfile.TEXT.contains("\nopen_by_handle_at errno 1\n"));
        assertTrue(SeccompProfile.TEXT.contains("\nfinit_module errno 1\n"));
        assertTrue(SeccompProfile.TEXT.contains("\nkexec_load errno 1\n"));
        assertTrue(SeccompProfile.TEXT.contains("\nkeyctl errno 38\n"));
    }

    @Test
    void the_limits_and_the_device_list_take_the_keys_of_the_hosts_cgroup_versions() {
        List<String> v1 = lines(layout(Path.of("/srv/env")), V1);
        assertTrue(v1.contains("lxc.cgroup.pids.max = 300"), v1::toString);
        assertTrue(v1.contains("lxc.cgroup.memory.limit_in_bytes = " + (512L << 20)), v1::toString);
        assertTrue(v1.contains("lxc.cgroup.devices.deny = a"), v1::toString);
        assertTrue(v1.contains("lxc.cgroup.devices.allow = c 1:3 rwm"), v1::toString);
        assertFalse(v1.stream().anyMatch(l -> l.contains("b ") && l.contains("devices.allow")), "no block device");
        List<String> v2 = lines(layout(Path.of("/srv/env")), V2);
        assertTrue(v2.contains("lxc.cgroup2.pids.max = 300"), v2::toString);
        assertTrue(v2.contains("lxc.cgroup2.memory.max = " + (512L << 20)), v2::toString);
        assertTrue(v2.contains("lxc.cgroup2.devices.deny = a"), v2::toString);
    }

    @Test
    void the_agent_runs_on_the_bound_jdk_with_only_the_variables_it_needs() {
        List<String> lines = lines(layout(Path.of("/srv/env")), V1);
        assertTrue(lines.contains("lxc.environment = JAVA_HOME=/usr/lib/jvm/jdk"));
        assertTrue(lines.contains("lxc.environment = PATH=/usr/lib/jvm/jdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"));
        assertTrue(lines.contains("lxc.environment = LANG=C.UTF-8"));
        assertTrue(lines.contains("lxc.environment = JUJUBE_AGENT_UMASK=022"), "hooks make files as on any machine");
        assertFalse(lines.stream().anyMatch(l -> l.contains("SECRET")), "only the variables the agent needs pass");
        assertTrue(lines.contains("lxc.net.0.link = jujube-0a1b2c"));
        assertTrue(lines.contains("lxc.net.0.veth.pair = jj0a1b2c-3"));
        assertTrue(lines.contains("lxc.net.0.ipv4.address = 10.77.0.5/16"));
        assertTrue(lines.contains("lxc.net.0.ipv4.gateway = 10.77.0.1"));
    }

    @Test
    void a_path_lxc_cannot_name_is_refused_with_the_path() {
        LocalLayout layout = new LocalLayout(Path.of("/srv/env"), Path.of("/opt/jujube"), "10.77.0.1:2181",
                Path.of("/srv/env/charms"), 15000, Optional.of(new ContainerSettings(
                        ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16"), new MachineIds(100_000, 100_000, 65_536),
                        MachineLimits.DEFAULT, Path.of("/var/lib/my roots/base"))));
        ProviderException e = assertThrows(ProviderException.class, () -> lines(layout, V1));
        assertTrue(e.getMessage().contains("my roots"), e.getMessage());
    }
}
