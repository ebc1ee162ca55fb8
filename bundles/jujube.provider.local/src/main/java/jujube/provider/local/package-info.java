/**
 * The local provider: each machine of the environment is a {@code jujube-agent machine} process on this
 * host, or an LXC container on the environment's bridge whose init runs that agent; one directory each
 * under the environment's {@code machines/}, recorded by pid under {@code pids/machine-N.pid}. Its service
 * is a {@link jujube.agent.provisioning.MachineProvider}; this package holds the layout, the containers'
 * network and the host's part in it, and the pid files, which the provider and the command line share.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.2.0")
package jujube.provider.local;
