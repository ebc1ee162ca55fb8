/**
 * Running child processes to their end: {@link jujube.process.ProcessRunners} opens runners that start
 * each process in a session of its own, carry its output within limits, bound its processes by cgroup and
 * kill its group on a timeout; {@link jujube.process.ProcessRecords} keeps the record of a running process
 * that lets an agent's successor wait for it after a crash.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package jujube.process;
