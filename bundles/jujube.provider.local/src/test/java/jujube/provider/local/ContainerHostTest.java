package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContainerHostTest {
    @TempDir
    Path tmp;

    @Test
    void without_lxc_on_the_path_the_reason_says_so() throws Exception {
        Optional<String> why = ContainerHost.unavailable(Files.createDirectories(tmp.resolve("empty-bin")).toString(), "root");
        assertEquals(Optional.of("LXC is not installed (no lxc-execute on PATH)"), why);
    }

    @Test
    void another_user_than_root_is_told_containers_need_root() {
        Optional<String> why = ContainerHost.unavailable(System.getenv("PATH"), "alice");
        boolean toolsHere = HostCommand.onPath("lxc-execute", System.getenv("PATH"))
                && HostCommand.onPath("mkfs.ext4", System.getenv("PATH"));
        if (toolsHere) {
            assertEquals(Optional.of("containers need root, and this runs as alice"), why);
        } else {
            assertTrue(why.isPresent() && why.get().contains("not installed"), why::toString);
        }
    }

    @Test
    void a_probe_without_a_base_root_names_lxcs_reason_and_leaves_nothing() {
        Path scratch = tmp.resolve("probe");
        Optional<String> why = ContainerHost.cannotStart(tmp.resolve("no-such-root"), new MachineIds(100_000, 100_000,
                65_536), scratch);
        assertTrue(why.isPresent() && !why.get().isBlank(), why::toString);
        assertFalse(Files.exists(scratch), "the probe's files are removed");
    }

    @Test
    void a_veth_pair_a_gone_container_left_is_removed_before_its_machine_starts_again() throws Exception {
        // what container machines need, as the suite does (README: the tests run as root with LXC and iproute2)
        assertEquals(Optional.empty(), ContainerHost.unavailable(), "this host cannot run container machines");
        ContainerNetwork network = ContainerNetwork.of("jujube-0f0e0d", "10.79.0.0/16");
        String veth = network.veth(7);
        HostCommand.check(java.util.List.of("ip", "link", "add", veth, "type", "veth", "peer", "name", "jjtest-peer7"), 30);
        try {
            assertTrue(ContainerHost.releaseVeth(network, 7));
            assertFalse(Files.exists(Path.of("/sys/class/net", veth), java.nio.file.LinkOption.NOFOLLOW_LINKS));
            assertFalse(Files.exists(Path.of("/sys/class/net", "jjtest-peer7"), java.nio.file.LinkOption.NOFOLLOW_LINKS),
                    "the pair went with its end");
            assertFalse(ContainerHost.releaseVeth(network, 7), "nothing left to remove");
        } finally {
            HostCommand.run(java.util.List.of("ip", "link", "del", veth), 30);
        }
    }
}
