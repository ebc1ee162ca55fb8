/** The unit agent: one per unit, a DS factory component. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package jujube.agent.unit;
