/**
 * Subordinate deployment (seed 004): the principal units' side that creates, deploys and retires the
 * subordinate units living in their containers.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.subordinate;
