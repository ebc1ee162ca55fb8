/**
 * The local provider: machines are {@code jujube-agent machine} processes on this host, one directory
 * each under the environment's {@code machines/}, recorded by pid under {@code pids/machine-N.pid}.
 * Its service is a {@link jujube.agent.provisioning.MachineProvider}; this package holds the layout
 * the provider and the command line share.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.provider.local;
