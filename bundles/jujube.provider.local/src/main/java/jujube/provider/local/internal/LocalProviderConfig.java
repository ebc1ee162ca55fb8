package jujube.provider.local.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube local provider",
        description = "Machines as jujube-agent processes on this host, or as LXC containers on the environment's bridge.")
@interface LocalProviderConfig {
    @AttributeDefinition(description = "The environment's directory")
    String envDir();

    @AttributeDefinition(description = "The distribution holding bin/jujube-agent")
    String distDir();

    @AttributeDefinition(description = "The ZooKeeper connect string the machines use")
    String zookeeper();

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
            + " empty for plain TCP", required = false)
    String zookeeperCa() default "";

    @AttributeDefinition(description = "Where a process machine's units are reached: loopback, unless the"
            + " environment serves other hosts", required = false)
    String processAddress() default "127.0.0.1";
}
