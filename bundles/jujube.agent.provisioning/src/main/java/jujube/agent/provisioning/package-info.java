/** The provisioning agent: launches and terminates machines through a provider. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package jujube.agent.provisioning;
