/**
 * Opening a state connection outside a framework (the command line, tests). In a framework the
 * connection is a service this bundle registers from its configuration.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.state.curator;
