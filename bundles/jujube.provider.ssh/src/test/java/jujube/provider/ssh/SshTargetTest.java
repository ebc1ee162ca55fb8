package jujube.provider.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SshTargetTest {
    @Test
    void a_host_with_or_without_a_user_is_the_instance_id_it_was_written_as() {
        SshTarget withUser = SshTarget.parse("ssh:root@10.1.2.3");
        assertEquals(new SshTarget(Optional.of("root"), "10.1.2.3"), withUser);
        assertEquals("root@10.1.2.3", withUser.destination());
        assertEquals("ssh:root@10.1.2.3", withUser.instanceId());
        SshTarget plain = SshTarget.parse("ssh:db-1.example.com");
        assertEquals(Optional.empty(), plain.user());
        assertEquals("db-1.example.com", plain.destination());
    }

    @Test
    void anything_else_is_refused_naming_what_is_wrong() {
        for (String bad : new String[] {"root@host", "ssh:", "ssh:root@", "ssh:-oProxyCommand=x", "ssh:host name",
                "ssh:a@b@c", "ssh:host;rm", "ssh:-l@host"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SshTarget.parse(bad), bad);
            assertTrue(e.getMessage().contains("'"), e.getMessage());
        }
        IllegalArgumentException port = assertThrows(IllegalArgumentException.class, () -> SshTarget.parse("ssh:host:2222"));
        assertTrue(port.getMessage().contains("~/.ssh/config"), port.getMessage());
    }
}
