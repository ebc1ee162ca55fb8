/**
 * The debug log in ZooKeeper: each writer's records under its own directory, kept whether or not anyone
 * reads them, its newest of the last day only, read in the order ZooKeeper created them; and the queue that
 * lets agents publish without ever blocking on the state.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package jujube.state.debuglog;
