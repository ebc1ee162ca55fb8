package jujube.state.curator.internal;

import jujube.state.store.AccessControl;
import jujube.state.store.NodeReader;

import jujube.access.policy.Principals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.access.CredentialRefusedException;
import jujube.state.NotConnectedException;
import jujube.access.OneTimeCredential;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Redeems a one-time credential for the machine credentials its node holds: a session of its own,
 * authenticated as the one-time principal, reads the node, adds the machine's own credential (the machine
 * may delete its own node's children) and deletes the node. The delete is what makes it one-time: of two
 * sessions redeeming at once only one deletes, and the other's credentials are refused.
 */
final class OneTimeRedemption {
    private OneTimeRedemption() {}

    static List<Credential> redeem(ConnectionConfig config, OneTimeCredential oneTime, Duration timeout) {
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString(config.connectString())
                .sessionTimeoutMs((int) config.sessionTimeout().toMillis())
                .connectionTimeoutMs((int) config.connectionTimeout().toMillis())
                .zkClientConfig(PlainClientConfig.of(config))
                .authorization(Principals.DIGEST, Principals.auth(oneTime.credential()))
                .retryPolicy(new ExponentialBackoffRetry(100, 3, 1_000));
        if (!config.chroot().isEmpty()) {
            builder.namespace(config.chroot());
        }
        String node = oneTime.node();
        try (CuratorFramework client = builder.build()) {
            client.start();
            if (!client.blockUntilConnected((int) timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new NotConnectedException("no connection to ZooKeeper at " + config.connectString() + " within "
                        + timeout.toSeconds() + " s to redeem the one-time credential of " + node);
            }
            NodeReader reader = new NodeReader(client);
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(node);
            AccessControl parse = new AccessControl(config.chroot(), List.of());
            parse.bind(client, reader, () -> {
                throw new IllegalStateException("no topology is read to redeem a credential");
            });
            List<Credential> credentials = parse.credentialsIn(node, data);
            Credential machine = credentials.stream().filter(c -> Principals.isMachine(c.principal())).findFirst()
                    .orElseThrow(() -> new CredentialRefusedException(node + " holds no machine credential"));
            client.getZookeeperClient().getZooKeeper().addAuthInfo(Principals.DIGEST, Principals.auth(machine));
            client.delete().withVersion(stat.getVersion()).forPath(node);
            return credentials;
        } catch (KeeperException.NoNodeException | KeeperException.BadVersionException e) {
            throw new CredentialRefusedException("the one-time credential of " + node
                    + " was used already or revoked: the provisioning agent issues a new one when it launches the machine again");
        } catch (KeeperException.NoAuthException e) {
            throw new CredentialRefusedException("the one-time credential of " + node + " is refused: not the one issued"
                    + " for that node");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotConnectedException("interrupted while redeeming the one-time credential of " + node);
        } catch (jujube.model.StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(node, e);
        }
    }
}
