/** The {@code jujube} command line. Its entry point is {@link jujube.cli.Main}. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.cli;
