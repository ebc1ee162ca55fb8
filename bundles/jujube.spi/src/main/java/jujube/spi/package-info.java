/** The swappable service-provider interfaces: charm upgrade and relation scope handlers. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.spi;
