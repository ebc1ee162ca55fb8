package jujube.state.internal;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A fresh in-process ZooKeeper and a started Curator client for each test of the internal classes. */
abstract class CuratorFixture {
    protected TestingServer zk;
    protected CuratorFramework client;

    @BeforeEach
    void startZooKeeper() throws Exception {
        zk = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(zk.getConnectString(), new RetryOneTime(100));
        client.start();
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        client.close();
        zk.close();
    }
}
