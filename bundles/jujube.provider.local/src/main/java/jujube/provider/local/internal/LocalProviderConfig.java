package jujube.provider.local.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Jujube local provider", description = "Machines as jujube-agent processes on this host.")
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
}
