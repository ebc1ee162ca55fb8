/**
 * Encryption on the wire between an environment's agents and its ZooKeeper: the environment's own
 * certificate authority and the server certificate it signs ({@link jujube.tls.EnvironmentTls}), and the
 * rule that says when ZooKeeper must serve only TLS ({@link jujube.tls.WirePolicy}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.tls;
