/**
 * Machines on other hosts: a machine agent installed over SSH ({@link jujube.provider.ssh.RemoteMachine})
 * on a host named {@code ssh:[USER@]HOST} ({@link jujube.provider.ssh.SshTarget}), run as a service of
 * that host, stopped and removed the same way. The system's {@code ssh} does the work
 * ({@link jujube.provider.ssh.SshHost}), so the operator's agent, keys and {@code ssh_config} apply, and
 * host keys are checked against the environment's own {@code known_hosts}, the first one seen recorded.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.provider.ssh;
