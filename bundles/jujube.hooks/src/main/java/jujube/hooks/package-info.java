/** Hook execution: the invoker, the executor, hook contexts and the relation hook scheduler. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.5.0")
package jujube.hooks;
