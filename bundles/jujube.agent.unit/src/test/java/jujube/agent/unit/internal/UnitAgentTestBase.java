package jujube.agent.unit.internal;

import java.nio.file.Path;
import jujube.testkit.ZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of one unit agent end to end: a fresh {@link UnitAgentFixture} per test on a ZooKeeper shared by
 * the class. JUnit runs a subclass's {@code @BeforeEach} after this one's and its {@code @AfterEach}
 * before, so a subclass can build on the fixture and stop what it started before the fixture closes.
 */
abstract class UnitAgentTestBase {
    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    @TempDir
    Path root;
    UnitAgentFixture fx;

    @BeforeEach
    void unitAgentEnvironment() throws Exception {
        fx = new UnitAgentFixture(ZK, root);
    }

    @AfterEach
    void closeUnitAgentEnvironment() throws Exception {
        fx.close();
    }
}
