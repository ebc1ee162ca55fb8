/** The hook socket protocol: frames, the unix-socket server, the Java client. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package jujube.hooks.protocol;
