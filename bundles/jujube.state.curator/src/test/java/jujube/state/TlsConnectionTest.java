package jujube.state;

import jujube.state.curator.StateConnections;

import jujube.model.MachineInfo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jujube.tls.EnvironmentTls;
import jujube.zookeeper.TlsZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection configured with the environment's authority reaches a TLS-only ZooKeeper and works as any
 * other; one trusting another authority, or speaking in the clear, never gets a session there.
 */
class TlsConnectionTest {
    private static final EnvironmentSettings LOCAL = new EnvironmentSettings("test", "local", "local", "local-0");
    @RegisterExtension
    static final TlsZooKeeper ZK = new TlsZooKeeper();
    @TempDir
    Path dir;

    private static ConnectionConfig plain() {
        return new ConnectionConfig(ZK.server().connectString(), Duration.ofSeconds(4), Duration.ofSeconds(2), "",
                List.of(jujube.access.Credential.generate(jujube.access.Credential.ADMIN)));
    }

    @Test
    void with_the_environments_authority_the_state_is_read_and_written() {
        try (StateConnection c = StateConnections.open(plain().withTls(ZK.tls().caCertificate()))) {
            c.awaitConnected(Duration.ofSeconds(30));
            c.initialize(LOCAL);
            assertTrue(c.isInitialized());
            assertEquals(List.of(0), c.machines().list().stream().map(MachineInfo::id).toList());
        }
    }

    @Test
    void another_authority_or_the_clear_gets_no_session() throws Exception {
        EnvironmentTls other = EnvironmentTls.create(dir.resolve("other"), List.of("127.0.0.1"));
        for (ConnectionConfig config : List.of(plain(), plain().withTls(other.caCertificate()))) {
            try (StateConnection c = StateConnections.open(config)) {
                assertThrows(NotConnectedException.class, () -> c.awaitConnected(Duration.ofSeconds(3)),
                        config.tlsCaCertificate().map(p -> "trusting " + p).orElse("plain"));
                assertFalse(c.connectionState().isConnected());
            }
        }
    }
}
