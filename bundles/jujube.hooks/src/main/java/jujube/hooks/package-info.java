/** Hook execution: the invoker, the per-unit executor, hook contexts and each unit's hook runner. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.4.0")
package jujube.hooks;
