/** The machine agent: one per machine, it announces the machine and runs the unit agents placed on it. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package jujube.agent.machine;
