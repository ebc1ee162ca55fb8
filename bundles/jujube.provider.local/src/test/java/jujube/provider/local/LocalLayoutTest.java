package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LocalLayoutTest {
    private final ContainerSettings containers = new ContainerSettings(
            ContainerNetwork.of("jujube-0a1b2c", "10.77.0.0/16"), new MachineIds(100_000, 200_000, 65_536),
            MachineLimits.DEFAULT, Path.of("/var/lib/jujube/machine-roots/debian-bookworm-0123"));

    @Test
    void a_container_machine_runs_its_agent_as_the_init_of_its_container_on_its_own_disk_with_its_own_address() {
        LocalLayout layout = new LocalLayout(Path.of("/e/prod"), Path.of("/d"), "10.77.0.1:2181", Path.of("/e/prod/charms"),
                15000, Optional.of(containers));
        String runtime = "/run/jujube/env-" + ContainerNetwork.hash(Path.of("/e/prod"));
        assertEquals(Path.of(runtime), layout.runtimeDir());
        assertEquals("prod-machine-4", layout.containerName(4));
        assertEquals(Path.of(runtime + "/lxc/prod-machine-4"), layout.containerDir(4));
        assertEquals(Path.of("/e/prod/containers/prod-machine-4/disk.img"), layout.machineImage(4));
        assertEquals(Path.of(runtime + "/machine-4"), layout.machineMount(4));
        assertEquals(Path.of(runtime + "/machine-4/home"), layout.machineDir(4));
        assertEquals(Path.of("/e/prod/logs/machine-4/machine-4.log"), layout.log(4), "read where every machine's is");
        assertEquals("10.77.0.6", layout.address(4));
        // the agent and the charms are reached through the runtime directory's views, which the machine binds
        assertEquals(List.of("setsid", "lxc-execute", "-n", "prod-machine-4", "-P", runtime + "/lxc",
                "-o", "/e/prod/logs/machine-4.lxc.log", "--",
                runtime + "/dist/bin/jujube-agent", "machine", "--machine-id", "4", "--zookeeper", "10.77.0.1:2181",
                "--data-dir", runtime + "/machine-4/home", "--charm-storage", runtime + "/charms",
                "--session-timeout", "15000", "--log-file", runtime + "/machine-4/home/log/machine-4.log",
                "--address", "10.77.0.6"), layout.command(4));
    }

    @Test
    void a_process_machine_is_the_agent_itself_on_loopback() {
        LocalLayout layout = new LocalLayout(Path.of("/e/prod"), Path.of("/d"), "127.0.0.1:2181", Path.of("/e/prod/charms"),
                15000);
        assertEquals("127.0.0.1", layout.address(4));
        assertEquals("setsid", layout.command(4).get(0));
        assertEquals("/d/bin/jujube-agent", layout.command(4).get(1));
    }

    @Test
    void with_tls_each_machine_trusts_its_own_copy_of_the_authority() {
        LocalLayout layout = new LocalLayout(Path.of("/e/prod"), Path.of("/d"), "10.77.0.1:2181", Path.of("/e/prod/charms"),
                15000, Optional.of(containers), Optional.of(Path.of("/e/prod/tls/ca.pem")), "");
        Path ca = layout.machineDir(4).resolve("zookeeper-ca.pem");
        assertEquals(ca, layout.zookeeperCa(4));
        List<String> command = layout.command(4);
        assertEquals(List.of("--zookeeper-ca", ca.toString()),
                command.subList(command.size() - 2, command.size()));
    }

    @Test
    void process_machines_of_an_environment_serving_other_hosts_are_reached_at_this_hosts_address() {
        LocalLayout layout = new LocalLayout(Path.of("/e/prod"), Path.of("/d"), "192.168.5.9:2181", Path.of("/e/prod/charms"),
                15000, Optional.empty(), Optional.of(Path.of("/e/prod/tls/ca.pem")), "192.168.5.9");
        assertEquals("192.168.5.9", layout.address(2));
        List<String> command = layout.command(2);
        assertEquals("192.168.5.9", command.get(command.indexOf("--address") + 1));
    }

    @Test
    void a_process_machine_logs_in_the_environments_logs() {
        LocalLayout layout = new LocalLayout(Path.of("/e/prod"), Path.of("/d"), "127.0.0.1:2181", Path.of("/e/prod/charms"),
                15000);
        assertEquals(Path.of("/e/prod/logs/machine-4/machine-4.log"), layout.agentLog(4));
        assertEquals(Path.of("/e/prod/logs/machine-4/machine-4.log"), layout.log(4));
        assertEquals(Path.of("/e/prod/logs/machine-4.out"), layout.output(4));
        List<String> command = layout.command(4);
        assertEquals(layout.agentLog(4).toString(), command.get(command.indexOf("--log-file") + 1));
    }
}
