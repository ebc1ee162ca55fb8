package jujube.agent.unit.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.agent.unit.internal.CrashHookLog.Outcome;
import jujube.agent.unit.internal.CrashHookLog.Run;
import jujube.model.UnitName;
import jujube.workflow.QueueState;
import jujube.workflow.WorkflowState;

/**
 * What must hold once a unit agent that was killed again and again has run to quiescence. Hooks may run
 * more than once across a kill (a hook that ended but whose completion the agent could not record before
 * it died runs again: at least once, as the original), so a delivered run that repeats the previous one
 * of the same remote unit from an earlier incarnation is a replay, not a second delivery.
 *
 * @param title the service's {@code title} option as the test last set it
 * @param members the remote units in the relation now, with the {@code seq} setting each has last written
 * @param remotes every remote unit that ever took part
 * @param settings the unit's own relation settings, as other units see them
 * @param related the remote units the unit sees in ZooKeeper now, with their settings versions (what the
 *     agent's related-units watch delivers)
 * @param unitOnDisk the unit workflow's local state file
 * @param unitReplica the unit workflow state in ZooKeeper
 * @param relationOnDisk the unit relation's workflow state file
 * @param relationReplica the unit relation's workflow state in ZooKeeper
 * @param queue the unit relation's persisted hook queue
 */
record CrashInvariants(String title, Map<String, String> members, Set<String> remotes, Map<String, Object> settings,
        Map<UnitName, Integer> related, WorkflowState unitOnDisk, String unitReplica, String relationOnDisk, String relationReplica, QueueState queue) {

    /**
     * Whether the agent has caught up with everything the test changed (what the harness waits for): its
     * queue has taken in the membership and settings versions ZooKeeper has now (a restarted agent may
     * not have looked yet: an empty queue alone says nothing) and has run every change.
     */
    boolean settled(CrashHookLog log) {
        return unitOnDisk.inFlight() == null && "started".equals(unitOnDisk.state())
                && queue.seen().equals(related) && queue.pending().isEmpty() && !queue.headClaimed()
                && log.lastDelivered("config-changed").map(r -> r.value().equals(title)).orElse(false)
                && members.entrySet().stream().allMatch(m -> lastChanged(log, m.getKey()).equals(Optional.of(m.getValue())));
    }

    /** Every violated invariant, described; empty when all hold. */
    List<String> violations(CrashHookLog log) {
        List<String> found = new ArrayList<>();
        unitHooks(log, found);
        oneHookAtATime(log, found);
        createdFirst(log, found);
        for (String remote : remotes) {
            relationOrder(log, remote, found);
        }
        visibleSettings(log, found);
        diskAndZooKeeper(found);
        return found;
    }

    /**
     * install before config-changed and start; nothing installs again once started; relation hooks only
     * then, but -relation-created, which the unit's setup runs (and completes) before config-changed of the
     * relation known at deployment (Go juju's order).
     */
    private void unitHooks(CrashHookLog log, List<String> found) {
        List<Run> runs = log.runs();
        int firstStarted = -1;
        boolean installed = false;
        boolean configured = false;
        boolean created = false;
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            switch (run.hook()) {
                case "install" -> {
                    if (firstStarted >= 0) {
                        found.add("install ran again after the unit started: " + run);
                    }
                    installed |= run.delivered();
                }
                case "config-changed" -> {
                    if (!installed) {
                        found.add("config-changed before install completed: " + run);
                    }
                    if (!created) {
                        found.add("config-changed before -relation-created completed: " + run);
                    }
                    configured |= run.delivered();
                }
                case "start" -> {
                    if (!installed || !configured) {
                        found.add("start before install and config-changed completed: " + run);
                    }
                    if (run.delivered() && firstStarted < 0) {
                        firstStarted = i;
                    }
                }
                default -> {
                    created |= run.kind().equals("created") && run.delivered();
                    if (run.isRelationHook() && !run.kind().equals("created") && firstStarted < 0) {
                        found.add("relation hook before the start hook completed: " + run);
                    }
                }
            }
        }
        if (firstStarted < 0) {
            found.add("the start hook never completed");
        }
    }

    /** Within one agent's life its hooks never overlap, and none is cut short (only a kill may do that). */
    private static void oneHookAtATime(CrashHookLog log, List<String> found) {
        Map<Integer, Run> previous = new HashMap<>();
        for (Run run : log.runs()) {
            if (run.incarnation() < 0) {
                continue; // started as its agent died: no agent life to hold it to
            }
            Run before = previous.put(run.incarnation(), run);
            if (before == null) {
                continue;
            }
            if (before.outcome() == Outcome.CUT) {
                found.add("hook cut short while its agent lived on: " + before + ", then " + run);
            } else if (before.ended() > run.begun()) {
                found.add("hooks overlapped: " + before + " and " + run);
            }
        }
    }

    /**
     * -relation-created delivered once (a later agent's run of it straight after is a replay), before the
     * relation's first joined began.
     */
    private static void createdFirst(CrashHookLog log, List<String> found) {
        List<Run> created = log.delivered(CrashCharm.RELATION + "-relation-created");
        if (created.isEmpty()) {
            found.add("-relation-created never completed");
            return;
        }
        Run first = created.get(0);
        for (Run again : created.subList(1, created.size())) {
            if (again.incarnation() <= first.incarnation()) {
                found.add("-relation-created delivered twice by one agent: " + first + ", " + again);
            }
        }
        for (Run run : log.runs()) {
            if (run.kind().equals("joined") && run.begun() < first.begun()) {
                found.add("joined before -relation-created completed: " + run);
            }
        }
    }

    /** Per remote unit: joined before changed, nothing after departed but a new joined, departed last. */
    private void relationOrder(CrashHookLog log, String remote, List<String> found) {
        boolean member = false;
        Run previous = null;
        for (Run run : log.about(remote)) {
            if (!run.delivered() || run.kind().equals("broken")) {
                continue;
            }
            boolean replay = previous != null && previous.kind().equals(run.kind())
                    && previous.incarnation() < run.incarnation();
            switch (run.kind()) {
                case "joined" -> {
                    if (member && !replay) {
                        found.add("joined while a member: " + run);
                    }
                    member = true;
                }
                case "changed" -> {
                    if (!member) {
                        found.add("changed without joined: " + run);
                    }
                }
                case "departed" -> {
                    if (!member && !replay) {
                        found.add("departed without joined: " + run);
                    }
                    member = false;
                }
                case "created" -> { } // checked by createdFirst
                default -> found.add("unexpected relation hook: " + run);
            }
            previous = run;
        }
        if (members.containsKey(remote)) {
            if (!member) {
                found.add(remote + " is a member but its last delivered hook is not joined/changed");
            }
            Optional<String> seq = lastChanged(log, remote);
            if (!seq.equals(Optional.of(members.get(remote)))) {
                found.add(remote + ": last changed saw seq " + seq.orElse("(none)") + ", its seq is "
                        + members.get(remote));
            }
        } else if (member) {
            found.add(remote + " left, but its departed was never delivered last");
        }
    }

    /** No key of a failed or killed hook is visible; what is visible comes from the last delivered run. */
    private void visibleSettings(CrashHookLog log, List<String> found) {
        if (settings.containsKey("failed")) {
            found.add("relation-set of a failed hook is visible: failed=" + settings.get("failed"));
        }
        Object run = settings.get("run");
        if (run == null) {
            found.add("no relation hook's settings are visible");
            return;
        }
        Optional<Run> writer = log.byId(String.valueOf(run));
        if (writer.isEmpty() || !writer.get().delivered()) {
            found.add("visible run=" + run + " was written by a hook that did not complete: " + writer);
        }
        List<Run> setters = log.runs().stream()
                .filter(r -> r.delivered() && r.isRelationHook() && !r.kind().equals("broken")).toList();
        if (!setters.isEmpty() && !setters.get(setters.size() - 1).id().equals(run)) {
            found.add("visible run=" + run + ", but the last completed relation hook was "
                    + setters.get(setters.size() - 1));
        }
    }

    private void diskAndZooKeeper(List<String> found) {
        if (!"started".equals(unitOnDisk.state()) || unitOnDisk.inFlight() != null) {
            found.add("unit on disk is not started at rest: " + unitOnDisk);
        }
        if (!unitOnDisk.state().equals(unitReplica)) {
            found.add("unit state on disk " + unitOnDisk.state() + " but in ZooKeeper " + unitReplica);
        }
        if (!"up".equals(relationOnDisk) || !relationOnDisk.equals(relationReplica)) {
            found.add("relation state on disk " + relationOnDisk + ", in ZooKeeper " + relationReplica);
        }
        Set<String> queued = Set.copyOf(queue.members().stream().map(UnitName::toString).toList());
        if (!queued.equals(members.keySet())) {
            found.add("the relation's members on disk " + queued + " are not those in ZooKeeper " + members.keySet());
        }
        if (!queue.pending().isEmpty() || queue.headClaimed()) {
            found.add("relation changes still queued: " + queue);
        }
    }

    private static Optional<String> lastChanged(CrashHookLog log, String remote) {
        List<Run> changed = log.about(remote).stream().filter(r -> r.delivered() && r.kind().equals("changed")).toList();
        return changed.isEmpty() ? Optional.empty() : Optional.of(changed.get(changed.size() - 1).value());
    }
}
