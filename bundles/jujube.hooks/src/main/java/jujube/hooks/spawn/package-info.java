/**
 * How the hook invoker starts a hook's process: the {@link jujube.hooks.spawn.HookSpawner} service. The
 * hooks bundle registers one that uses the JDK's {@code ProcessBuilder} (service ranking 0); another bundle
 * may offer a faster one with a higher ranking, which the invoker then uses while it is registered.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.hooks.spawn;
