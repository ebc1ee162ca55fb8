/**
 * How a process is started: the {@link jujube.process.spawn.ProcessSpawner} service. The process bundle
 * registers one that uses the JDK's {@code ProcessBuilder} (service ranking 0); another bundle may offer a
 * faster one with a higher ranking, which consumers then use while it is registered.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.process.spawn;
