/** Persistent state machines: the engine, the unit and relation workflows, synchronize. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.workflow;
