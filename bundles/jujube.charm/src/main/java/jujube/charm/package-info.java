/** Charms: metadata, config, directories and bundles, URLs, local repositories. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.1.0")
package jujube.charm;
