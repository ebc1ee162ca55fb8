package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * add-machine ssh:, and the commands meeting a machine on another host, where no host is reachable: what is
 * refused is refused in one line and changes nothing. The end-to-end test on a second host is SshMachineIT.
 */
class SshMachineCommandsTest extends CliFixture {
    @Test
    void a_machine_on_another_host_needs_a_zookeeper_that_host_reaches() throws Exception {
        Map<String, String> before = snapshot();
        String error = run("add-machine", "ssh:root@203.0.113.5").assertFailure();
        assertTrue(error.startsWith("jujube: a machine on another host needs ZooKeeper where that host reaches it, over"
                + " TLS: this environment's listens on 127.0.0.1"), error);
        assertTrue(error.endsWith("--zookeeper-address ADDRESS --tls)"), error);
        assertEquals(2, run("add-machine", "root@203.0.113.5").code());
        assertEquals(2, run("add-machine", "ssh:-oProxyCommand=touch${IFS}x").code());
        assertEquals(before, snapshot());
    }

    @Test
    void a_host_that_cannot_be_reached_keeps_its_machine_unless_forced() throws Exception {
        // nothing of this name logs in anywhere: refused whether or not this host runs an sshd
        int id = state.machines().add("ssh:jujube-no-such-user@127.0.0.1").id();
        String error = run("terminate-machine", Integer.toString(id)).assertFailure();
        assertTrue(error.startsWith("jujube: Cannot terminate machine " + id + ": cannot reach"
                + " ssh:jujube-no-such-user@127.0.0.1 over ssh: "), error);
        assertTrue(error.endsWith("('terminate-machine --force " + id + "' removes it from the environment anyway)"), error);
        assertTrue(state.machines().list().stream().anyMatch(m -> m.id() == id));

        Result forced = run("terminate-machine", "--force", Integer.toString(id)).assertOk();
        assertEquals("Machine " + id + " terminated\n", forced.out());
        assertTrue(forced.err().startsWith("jujube: machine " + id + " left on its host: cannot reach"), forced.err());
        assertFalse(state.machines().list().stream().anyMatch(m -> m.id() == id));
    }

    @Test
    void ssh_and_scp_do_not_pretend_a_machine_on_another_host_is_here() throws Exception {
        int id = state.machines().add("ssh:root@203.0.113.9").id();
        assertEquals("jujube: machine " + id + ": machine " + id + " is on another host (ssh:root@203.0.113.9): log in"
                + " there with ssh", run("ssh", Integer.toString(id), "true").assertFailure());
        assertEquals("jujube: machine " + id + ": machine " + id + " is on another host (ssh:root@203.0.113.9): log in"
                + " there with ssh", run("scp", "/etc/hostname", id + ":/tmp/").assertFailure());
    }

    @Test
    void words_after_the_target_of_ssh_and_exec_are_the_remote_command_s() throws Exception {
        // picocli took the remote command's options for jujube's ("Unknown option: '-c'", exit 2): the unit is
        // looked up instead, so the words reached the command
        assertEquals("jujube: unit nosuch/0 does not exist", run("ssh", "nosuch/0", "grep", "-c", "x", "f").assertFailure());
        assertEquals("jujube: unit nosuch/0 does not exist", run("ssh", "nosuch/0", "--", "ls", "-l").assertFailure());
        assertEquals("jujube: unit nosuch/0 does not exist", run("ssh", "--", "nosuch/0", "ls", "-l").assertFailure());
        assertEquals("jujube: unit nosuch/0 does not exist",
                run("exec", "--unit", "nosuch/0", "ls", "-l", "--unit", "x").assertFailure());
        assertEquals("jujube: unit nosuch/0 does not exist",
                run("exec", "--unit", "nosuch/0", "--", "ls", "-l").assertFailure());
        // jujube's own options still go before the target
        assertEquals(2, run("ssh", "--nosuch", "nosuch/0", "ls").code());
    }

    @Test
    void ssh_drops_a_double_dash_right_after_the_target() {
        jujube.cli.internal.SshCommand ssh = new jujube.cli.internal.SshCommand();
        picocli.CommandLine cli = new picocli.CommandLine(ssh);
        cli.setStopAtPositional(true);
        cli.parseArgs("blog/0", "--", "grep", "-c", "x", "f");
        assertEquals(List.of("grep", "-c", "x", "f"), ssh.words());
        cli.parseArgs("--", "blog/0", "grep", "--", "x");
        assertEquals(List.of("grep", "--", "x"), ssh.words());
    }
}
