/**
 * The state's ZooKeeper nodes, below the domain: where each node lives ({@link jujube.state.store.Paths}),
 * how its content is read and written ({@link jujube.state.store.NodeReader},
 * {@link jujube.state.store.VersionedNodes}, {@link jujube.state.store.NodeBatch}), the topology document
 * with its transactions ({@link jujube.state.store.TopologyStore},
 * {@link jujube.state.store.TopologyTransaction}), the node caches watches share, and the ACL and quota
 * every node it creates gets ({@link jujube.state.store.AccessControl},
 * {@link jujube.state.store.WriteQuotas}). Only the state's implementation imports it.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.1.0")
package jujube.state.store;
