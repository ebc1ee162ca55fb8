/**
 * The threads agents and the command line start for their own work: named, so that a thread dump says
 * whose each is ({@code jujube-<agent>-<what>[-N]}), and daemon, so that none of them holds a JVM open
 * that its owner forgot to stop. {@link jujube.lib.threads.ThreadFactories} makes factories for
 * executors, {@link jujube.lib.threads.Threads} single threads, {@link jujube.lib.threads.CoalescedRuns} a task
 * run once for a burst of requests; {@link jujube.lib.threads.AgentStartup} an agent's start-up, retried
 * after a {@link jujube.lib.threads.Backoff} until it succeeds.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package jujube.lib.threads;
