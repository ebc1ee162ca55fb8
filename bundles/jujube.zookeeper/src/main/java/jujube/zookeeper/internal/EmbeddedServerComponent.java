package jujube.zookeeper.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import jujube.zookeeper.internal.ZooKeeperServerRunner.ServerTls;
import jujube.zookeeper.EmbeddedServer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the embedded server while its configuration exists. The service is registered only after
 * {@code activate} returns, that is after the server accepts connections.
 */
@Component(configurationPid = "jujube.zookeeper", configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
@Designate(ocd = ServerConfig.class)
public final class EmbeddedServerComponent implements EmbeddedServer {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedServerComponent.class);
    private final ZooKeeperServerRunner runner;

    @Activate
    public EmbeddedServerComponent(ServerConfig config) throws IOException {
        Optional<ServerTls> tls = config.tlsKeyStore().isBlank() ? Optional.empty()
                : Optional.of(new ServerTls(Path.of(config.tlsKeyStore()), Path.of(config.tlsKeyStorePasswordFile()),
                        Path.of(config.tlsCaCertificate())));
        runner = ZooKeeperServerRunner.start(config.clientPortAddress(), config.clientPort(),
                Path.of(config.dataDir()), config.tickTime(), config.startTimeoutMs(), tls,
                Duration.ofSeconds(Math.max(1, config.purgeIntervalSeconds())));
        LOG.info("ZooKeeper serving {} on {} (data in {})", tls.isPresent() ? "TLS only" : "in the clear",
                runner.connectString(), config.dataDir());
    }

    @Deactivate
    void stop() {
        runner.close();
        LOG.info("ZooKeeper on {} stopped", runner.connectString());
    }

    @Override
    public String connectString() {
        return runner.connectString();
    }

    @Override
    public int port() {
        return runner.port();
    }
}
