package jujube.state.curator.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube ZooKeeper connection",
        description = "How the agents of this process reach the environment's ZooKeeper.")
@interface ConnectionComponentConfig {
    @AttributeDefinition(description = "Comma-separated host:port list of the ZooKeeper ensemble")
    String connectString();

    @AttributeDefinition(description = "Session timeout in milliseconds: how long presence outlives a lost connection")
    int sessionTimeoutMs() default 15_000;

    @AttributeDefinition(description = "Connection timeout in milliseconds")
    int connectionTimeoutMs() default 10_000;

    @AttributeDefinition(description = "Milliseconds a presence node released by a stopping agent component "
            + "(a bundle update) stays for its successor to take over before it is removed")
    int presenceGraceMs() default 60_000;

    @AttributeDefinition(description = "Optional path below which the environment lives", required = false)
    String chroot() default "";

    @AttributeDefinition(description = "The environment's authority certificate (PEM): when given, ZooKeeper is"
            + " reached over TLS and its certificate must be signed by it; empty for plain TCP", required = false)
    String tlsCaCertificate() default "";

    @AttributeDefinition(description = "The owner-only file of the credentials this process authenticates with"
            + " (jujube.access.CredentialFiles); a machine agent's is written when it redeems its one-time credential")
    String credentialsFile() default "";

    @AttributeDefinition(description = "A machine agent's one-time credential, redeemed for its credentials when"
            + " the credentials file does not exist yet, then removed", required = false)
    String oneTimeCredentialFile() default "";
}
