package jujube.provider.local.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The controller's local provider's settings: where the environment and the distribution are, and the
 * fields of the environment's {@link jujube.provider.local.EnvironmentDefinition} as the controller's
 * launcher derives them from it, from which the provider makes the definition again (so its rules, and what
 * follows from them, such as the address of process machines' units, are the definition's alone).
 */
@ObjectClassDefinition(name = "Jujube local provider",
        description = "Machines as jujube-agent processes on this host, or as LXC containers on the environment's bridge.")
@interface LocalProviderConfig {
    @AttributeDefinition(description = "The environment's directory")
    String envDir();

    @AttributeDefinition(description = "The distribution holding bin/jujube-agent")
    String distDir();

    @AttributeDefinition(description = "The external ZooKeeper ensemble, host:port,...; empty for the embedded server",
            required = false)
    String ensemble() default "";

    @AttributeDefinition(description = "The embedded ZooKeeper's port; 0 with an external ensemble")
    int zookeeperPort() default 0;

    @AttributeDefinition(description = "The address the embedded ZooKeeper listens on; empty for its default"
            + " (the bridge's address for containers, else loopback)", required = false)
    String zookeeperAddress() default "";

    @AttributeDefinition(description = "The environment's charm storage directory; empty for <envDir>/charms")
    String charmStorageDir() default "";

    @AttributeDefinition(description = "The machines' ZooKeeper session timeout in ms")
    int sessionTimeoutMs() default 15000;

    @AttributeDefinition(description = "The longest wait before a machine whose agent keeps dying young is"
            + " started again, in ms: the wait doubles from 250 ms with each death within 10 s of a start")
    int maxRestartDelayMs() default 30000;

    @AttributeDefinition(description = "What a machine is: 'process' (a process of this host) or 'container' (an LXC container)")
    String machines() default "process";

    @AttributeDefinition(description = "For containers: the environment's bridge, jujube-<6 hex digits>")
    String containerBridge() default "";

    @AttributeDefinition(description = "For containers: the bridge's network, a.b.c.d/prefix")
    String containerNetwork() default "";

    @AttributeDefinition(description = "For containers: the host ids their ids map to, UID:GID:COUNT", required = false)
    String machineIds() default "";

    @AttributeDefinition(description = "For containers: each machine's limits, processes=N,memory=SIZE,disk=SIZE",
            required = false)
    String machineLimits() default "";

    @AttributeDefinition(description = "For containers: the base root filesystem they start from", required = false)
    String machineRoot() default "";

    @AttributeDefinition(description = "The environment's authority certificate (PEM) when ZooKeeper serves TLS;"
            + " empty for plain TCP, else the embedded server serves TLS only", required = false)
    String zookeeperCa() default "";
}
