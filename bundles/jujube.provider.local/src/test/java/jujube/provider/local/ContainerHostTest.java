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
    void without_lxc_on_the_path_the_reason_says_so_and_nothing_is_left() throws Exception {
        Path scratch = tmp.resolve("probe");
        Optional<String> why = ContainerHost.unavailable(scratch, Files.createDirectories(tmp.resolve("empty-bin")).toString());
        assertEquals(Optional.of("LXC is not installed (no lxc-execute on PATH)"), why);
        assertFalse(Files.exists(scratch));
    }

    @Test
    void the_probe_really_starts_a_container_where_lxc_is_installed_and_we_are_root() {
        Path scratch = tmp.resolve("probe");
        Optional<String> why = ContainerHost.unavailable(scratch);
        boolean lxcHere = System.getenv("PATH") != null && HostCommand.onPath("lxc-execute", System.getenv("PATH"))
                && "root".equals(System.getProperty("user.name"));
        // on a host with LXC the probe must pass (a failure names LXC's own reason); without, it must say why
        assertEquals(lxcHere, why.isEmpty(), () -> why.orElse("(available)"));
        assertTrue(why.isEmpty() || !why.get().isBlank());
        assertFalse(Files.exists(scratch), "the probe's files are removed");
    }
}
