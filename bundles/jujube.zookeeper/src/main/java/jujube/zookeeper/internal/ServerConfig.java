package jujube.zookeeper.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube embedded ZooKeeper",
        description = "The ZooKeeper server a local environment runs inside its controller.")
@interface ServerConfig {
    @AttributeDefinition(description = "Loopback port to listen on; 0 picks a free one")
    int clientPort() default 0;

    @AttributeDefinition(description = "Address to bind; loopback unless the environment spans hosts")
    String clientPortAddress() default "127.0.0.1";

    @AttributeDefinition(description = "Directory for snapshots and transaction logs")
    String dataDir();

    @AttributeDefinition(description = "ZooKeeper tick, in milliseconds")
    int tickTime() default 500;

    @AttributeDefinition(description = "Milliseconds to wait for the server to come up")
    long startTimeoutMs() default 30_000;

    @AttributeDefinition(description = "The server's key store (PKCS#12) for TLS; empty to serve in the clear."
            + " With it the server serves TLS only", required = false)
    String tlsKeyStore() default "";

    @AttributeDefinition(description = "The file holding the key store's password", required = false)
    String tlsKeyStorePasswordFile() default "";

    @AttributeDefinition(description = "The environment's authority certificate (PEM)", required = false)
    String tlsCaCertificate() default "";

    @AttributeDefinition(description = "Seconds between two purges of the snapshots and transaction logs no longer"
            + " needed (the newest 3 snapshots are kept)")
    int purgeIntervalSeconds() default 10;
}
