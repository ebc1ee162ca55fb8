package jujube.state.store;

import jujube.access.policy.Principals;

import jujube.access.Credential;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fresh in-process ZooKeeper and a started Curator client for each test of the internal classes; the
 * client authenticates as the environment's administrator {@link #admin}, whose connections may then
 * touch whatever it made.
 */
public abstract class CuratorFixture {
    protected TestingServer zk;
    protected CuratorFramework client;
    protected final Credential admin = Credential.generate(Credential.ADMIN);

    @BeforeEach
    void startZooKeeper() throws Exception {
        zk = new TestingServer(true);
        client = CuratorFrameworkFactory.builder().connectString(zk.getConnectString()).retryPolicy(new RetryOneTime(100))
                .authorization(Principals.DIGEST, Principals.auth(admin)).build();
        client.start();
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        client.close();
        zk.close();
    }
}
