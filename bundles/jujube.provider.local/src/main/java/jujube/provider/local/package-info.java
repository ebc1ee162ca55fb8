/**
 * The local provider: each machine of the environment is a {@code jujube-agent machine} process on this
 * host, or an unprivileged LXC container on the environment's bridge whose init runs that agent, started
 * from the host's shared base root ({@link jujube.provider.local.BaseRoot}) on a disk of its own; recorded
 * by pid under {@code pids/machine-N.pid}. Its service is a
 * {@link jujube.agent.provisioning.MachineProvider}; this package holds the layout, what container
 * machines are (network, ids, limits, base root) and the host's part in them (bridge, subordinate ids,
 * mounts), and the pid files, which the provider and the command line share; and what an environment is,
 * {@link jujube.provider.local.EnvironmentDefinition}, with the one reader and writer of its
 * {@code environment.yaml}, {@link jujube.provider.local.EnvironmentFile}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.2.0")
package jujube.provider.local;
