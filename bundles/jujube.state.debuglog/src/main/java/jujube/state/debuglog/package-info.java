/**
 * The debug log in ZooKeeper: each writer's records under its own directory while somebody listens, its
 * newest kept, read in the order ZooKeeper created them; and the queue that lets agents publish without
 * ever blocking on the state.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.state.debuglog;
