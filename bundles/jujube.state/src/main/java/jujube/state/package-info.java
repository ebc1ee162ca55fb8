/**
 * The environment's state in ZooKeeper: the connection, the environment's base hierarchy, the topology
 * (machines, services, units, relations), charms, config, relation settings and scope membership, unit
 * flags, agent presence and watches. Every other bundle reads and changes the environment only through
 * these types; none imports ZooKeeper or Curator.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("8.1.0")
package jujube.state;
