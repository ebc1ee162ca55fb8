/**
 * The access policy as data: every kind of node an environment holds, by its path, and who besides the
 * administrator may do what with it ({@link jujube.access.policy.NodeKind}), the principals and groups
 * those grants name ({@link jujube.access.policy.Principals}), and the facts of the topology a grant
 * depends on ({@link jujube.access.policy.AccessFacts}). The state applies it to every node it creates.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package jujube.access.policy;
