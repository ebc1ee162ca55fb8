package jujube.hooks.internal;

import java.nio.file.Path;
import java.time.Duration;
import jujube.testkit.ZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of real hooks calling real tools: a {@link UnitFixture} environment on a shared in-process
 * ZooKeeper and a started {@link ContextUnitHookRunner} for wordpress/0 whose flushes are recorded.
 * JUnit runs a subclass's {@code @AfterEach} first, so what a subclass starts on the runner ends before it.
 */
abstract class ContextRunnerFixture {
    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    UnitFixture env;
    RecordingHookLog log;
    ContextUnitHookRunner runner;

    @BeforeEach
    void startRunner(@TempDir Path root) throws Exception {
        env = new UnitFixture(ZK, root);
        log = new RecordingHookLog();
        runner = ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), ProcessServices.records(), log, SocketPaths.standard());
    }

    @AfterEach
    void stopRunner() throws Exception {
        runner.close();
        env.close();
    }
}
