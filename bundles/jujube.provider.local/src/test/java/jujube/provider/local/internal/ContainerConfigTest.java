package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.agent.provisioning.ProviderException;
import jujube.provider.local.ContainerNetwork;
import jujube.provider.local.LocalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContainerConfigTest {
    @TempDir
    Path tmp;

    private LocalLayout layout(Path env) {
        return new LocalLayout(env, tmp.resolve("dist"), "10.77.0.1:2181", env.resolve("charms"), 15000,
                Optional.of(ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16")));
    }

    @Test
    void the_machine_sees_its_own_directory_the_charms_and_the_distribution_and_nothing_else_of_the_environment()
            throws Exception {
        Path env = tmp.resolve("env");
        LocalLayout layout = layout(env);
        Path config = ContainerConfig.write(layout, 3, Map.of("PATH", "/usr/bin:/bin", "JAVA_HOME", "/jdk", "SECRET", "x"));
        List<String> lines = Files.readAllLines(config);
        String e = env.toString().substring(1);
        assertTrue(lines.contains("lxc.rootfs.path = overlay:/:" + env.resolve("containers/env-machine-3/delta")), lines::toString);
        assertTrue(lines.contains("lxc.uts.name = machine-3"));
        assertTrue(lines.contains("lxc.pty.max = 1024"), "terminals of its own: lxc-attach shells, tmux");
        // the tmpfs over the environment comes before the binds inside it
        int hidden = lines.indexOf("lxc.mount.entry = tmpfs " + e + " tmpfs rw,mode=0700,create=dir 0 0");
        int own = lines.indexOf("lxc.mount.entry = " + env.resolve("machines/machine-3") + " " + e
                + "/machines/machine-3 none rw,bind,create=dir 0 0");
        int charms = lines.indexOf("lxc.mount.entry = " + env.resolve("charms") + " " + e + "/charms none ro,bind,create=dir 0 0");
        assertTrue(hidden >= 0 && own > hidden && charms > hidden, lines::toString);
        assertTrue(lines.contains("lxc.net.0.link = jujube-0a1b2c"));
        assertTrue(lines.contains("lxc.net.0.veth.pair = jj0a1b2c-3"));
        assertTrue(lines.contains("lxc.net.0.ipv4.address = 10.77.0.5/16"));
        assertTrue(lines.contains("lxc.net.0.ipv4.gateway = 10.77.0.1"));
        assertTrue(lines.contains("lxc.environment = PATH=/usr/bin:/bin"));
        assertTrue(lines.contains("lxc.environment = JAVA_HOME=/jdk"));
        assertFalse(lines.stream().anyMatch(l -> l.contains("SECRET")), "only the variables the agent needs pass");
        Path delta = env.resolve("containers/env-machine-3/delta");
        assertTrue(Files.readString(delta.resolve("etc/hosts")).contains("10.77.0.5\tmachine-3\n"));
        assertTrue(Files.readString(delta.resolve("etc/hosts")).contains("10.77.0.1\tcontroller\n"));
        assertFalse(Files.readAllLines(delta.resolve("etc/resolv.conf")).stream().anyMatch(l -> l.startsWith("nameserver")));
    }

    @Test
    void a_path_lxc_cannot_name_is_refused_with_the_path() {
        LocalLayout layout = layout(tmp.resolve("my env"));
        ProviderException e = assertThrows(ProviderException.class, () -> ContainerConfig.write(layout, 1, Map.of()));
        assertTrue(e.getMessage().contains("my env"), e.getMessage());
        assertEquals(false, Files.exists(tmp.resolve("my env/containers/my env-machine-1/config")));
    }
}
