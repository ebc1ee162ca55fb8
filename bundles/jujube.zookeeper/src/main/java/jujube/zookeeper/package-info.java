/** The embedded ZooKeeper server that a local environment's controller runs. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.zookeeper;
