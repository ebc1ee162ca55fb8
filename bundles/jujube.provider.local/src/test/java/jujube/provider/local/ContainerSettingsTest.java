package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Container settings as the controller's command line and configuration give them, each refusal naming its setting. */
class ContainerSettingsTest {
    private static final String ROOT = "/var/lib/jujube/machine-roots/r";

    private static String refused(String machines, String bridge, String network, String ids, String limits, String root) {
        return assertThrows(IllegalArgumentException.class,
                () -> ContainerSettings.forMachines(machines, bridge, network, ids, limits, root)).getMessage();
    }

    @Test
    void processes_have_none_whatever_else_is_given() {
        assertEquals(Optional.empty(), ContainerSettings.forMachines("process", "x", "y", "z", "w", "v"));
    }

    @Test
    void containers_have_each_setting_parsed() {
        ContainerSettings settings = ContainerSettings.forMachines("container", "jujube-0a1b2c", "10.77.0.0/16",
                "100000:100000:65536", "", ROOT).orElseThrow();

        assertEquals("10.77.0.0/16", settings.network().cidr());
        assertEquals(MachineLimits.DEFAULT, settings.limits());
        assertEquals(Path.of(ROOT), settings.baseRoot());
    }

    @Test
    void each_refusal_names_its_setting() {
        assertEquals("'machines' must be process or container, got 'vm'", refused("vm", "", "", "", "", ""));
        assertEquals("'container-network': a container network is written a.b.c.d/prefix, got ''",
                refused("container", "jujube-0a1b2c", "", "", "", ""));
        assertEquals("'machine-ids': machine ids are written UID:GID:COUNT, got 'many'",
                refused("container", "jujube-0a1b2c", "10.77.0.0/16", "many", "", ROOT));
        assertEquals("'machine-limits': processes must be a number, got 'lots'",
                refused("container", "jujube-0a1b2c", "10.77.0.0/16", "100000:100000:65536", "processes=lots", ROOT));
        assertEquals("'machine-root': must be an absolute path, got 'roots/r'",
                refused("container", "jujube-0a1b2c", "10.77.0.0/16", "100000:100000:65536", "", "roots/r"));
    }
}
