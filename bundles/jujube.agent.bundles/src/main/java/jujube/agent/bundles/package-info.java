/**
 * An agent's own bundles updated in its running framework: {@link jujube.agent.bundles.BundleUpdateDirectory}
 * is the on-disk record of an update in progress, which the launcher reads before it starts a framework so
 * that an agent killed in the middle of an update starts again on a whole set of bundles.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.agent.bundles;
