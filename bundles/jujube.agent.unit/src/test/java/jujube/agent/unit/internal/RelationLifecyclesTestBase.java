package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import jujube.agent.unit.internal.RelationLifecyclesFixture.Agent;
import jujube.model.RelationInfo;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import jujube.testkit.ZooKeeperServer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tests of wordpress/0's relation lifecycles over {@code db} with mysql/0 and mysql/1 as remote units: a
 * fresh {@link RelationLifecyclesFixture} per test on a ZooKeeper shared by the class.
 */
abstract class RelationLifecyclesTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    final ObjectMapper mapper = new ObjectMapper();
    @TempDir
    Path root;
    RelationLifecyclesFixture fx;
    RelationInfo db;
    UnitName wp;
    UnitName m0;
    UnitName m1;

    @BeforeEach
    void wordpressAndMysql() throws Exception {
        fx = new RelationLifecyclesFixture(ZK, root);
        RelationLifecyclesFixture.WordpressAndMysql related = fx.wordpressAndMysql();
        db = related.db();
        wp = related.wp();
        m0 = related.m0();
        m1 = related.m1();
    }

    @AfterEach
    void closeFixture() throws Exception {
        fx.close();
    }

    /** A new agent of wordpress/0 with its {@code db} lifecycles started. */
    Agent started() throws Exception {
        return fx.started(wp, "db");
    }
}
