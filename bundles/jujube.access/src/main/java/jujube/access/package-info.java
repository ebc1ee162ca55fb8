/**
 * Who may do what in an environment: the credentials of the administrator and of each agent, the
 * files that hold them, the one-time credential a new machine's agent redeems for its own, and the
 * refusals a principal meets, and the dashboard's login token.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package jujube.access;
