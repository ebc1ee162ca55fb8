/** The local provider: machines are jujube-agent processes on this host. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.provider.local;
