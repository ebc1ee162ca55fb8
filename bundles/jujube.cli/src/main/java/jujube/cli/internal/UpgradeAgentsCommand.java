package jujube.cli.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import jujube.cli.CliException;
import jujube.cli.internal.AgentRollout.State;
import jujube.model.MachineInfo;
import jujube.state.AgentBundle;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import jujube.state.AgentUpgradeTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jujube upgrade-agents [--dist DIR] [--canary N] [--batch N] [--dry-run] [--resume | --rollback]
 * [--timeout D]}: rolls a distribution's changed agent bundles out to every machine agent, then the controller,
 * without restarting units. It compares each agent's last report with the distribution bundle by bundle
 * ({@link AgentUpgradePlanner}), prints what would change where, publishes the jars some agent lacks, and asks
 * the agents step by step ({@link AgentRollouts}), stopping at the first failure; the rollout's record in the
 * state lets {@code --resume} go on and {@code --rollback} put the upgraded agents' previous bundles back.
 */
@Command(name = "upgrade-agents", description = "Upgrade the agents' own bundles to a distribution's: canary machines"
        + " first, then batches, the controller last.")
public final class UpgradeAgentsCommand extends SessionCommand {
    static final int DEFAULT_CANARY = 1;
    static final int DEFAULT_BATCH = 5;

    @Option(names = "--dist", paramLabel = "DIR", description = "The distribution to upgrade to (default: this jujube's).")
    Path dist;

    @Option(names = "--canary", paramLabel = "N", description = "Machines upgraded alone first (default: 1).")
    Integer canary;

    @Option(names = "--batch", paramLabel = "N", description = "Machines upgraded together in each later step (default: 5).")
    Integer batch;

    @Option(names = "--dry-run", description = "Say what would change where, change nothing.")
    boolean dryRun;

    @Option(names = "--resume", description = "Go on with the stopped rollout, retrying the agent that failed first.")
    boolean resume;

    @Option(names = "--rollback", description = "Put back the previous bundles of the agents the stopped rollout upgraded.")
    boolean rollback;

    @Option(names = "--timeout", defaultValue = "5m", paramLabel = "DURATION",
            description = "How long each step waits for its agents: 30s, 5m, 1h (default: 5m).")
    String timeoutText;

    @Override
    int run(EnvironmentSession session) {
        Duration timeout = Durations.parse(timeoutText, "--timeout", this::usage);
        if (timeout.compareTo(WaitForCommand.MAX_TIMEOUT) > 0) {
            throw usage("--timeout: " + timeoutText + " is not within 1ms..24h");
        }
        if (canary != null && canary < 0) {
            throw usage("--canary must be at least 0, got " + canary);
        }
        if (batch != null && batch < 1) {
            throw usage("--batch must be at least 1, got " + batch);
        }
        if (resume && rollback) {
            throw usage("--resume and --rollback: one or the other");
        }
        if ((resume || rollback) && (dist != null || canary != null || batch != null || dryRun)) {
            throw usage((resume ? "--resume" : "--rollback") + " goes on with the stored rollout: --dist, --canary,"
                    + " --batch and --dry-run are for a new one");
        }
        AgentBundles bundles = session.state().agentBundles();
        AgentRollouts rollouts = new AgentRollouts(bundles, out(), timeout, timeoutText);
        if (resume) {
            AgentRollout stored = stored(bundles, "--resume", "resume");
            if (stored.state() == State.ROLLING_BACK) {
                throw new CliException("upgrade-agents --resume: " + stored.shown() + " is being rolled back;"
                        + " 'upgrade-agents --rollback' goes on with that");
            }
            rollouts.resume(stored);
        } else if (rollback) {
            rollouts.rollBack(stored(bundles, "--rollback", "roll back"));
        } else {
            upgrade(session, bundles, rollouts);
        }
        return 0;
    }

    /** The stored rollout, refused when there is none or it is finished. */
    private static AgentRollout stored(AgentBundles bundles, String option, String verb) {
        AgentRollout stored = bundles.rollout().map(AgentRollout::fromMap).orElseThrow(() ->
                new CliException("upgrade-agents " + option + ": there is no upgrade to " + verb));
        if (stored.state() == State.COMPLETE) {
            throw new CliException("upgrade-agents " + option + ": " + stored.shown() + " is complete: nothing to " + verb
                    + (option.equals("--rollback") ? " (upgrade-agents --dist with the previous distribution goes back)" : ""));
        }
        if (stored.state() == State.ROLLED_BACK) {
            throw new CliException("upgrade-agents " + option + ": " + stored.shown() + " was rolled back: nothing to "
                    + verb + " (upgrade-agents starts a new one)");
        }
        return stored;
    }

    private void upgrade(EnvironmentSession session, AgentBundles bundles, AgentRollouts rollouts) {
        DistributionBundles d = DistributionBundles.read(dist == null ? Distribution.dir() : dist);
        Optional<AgentRollout> stored = storedForNewRollout(bundles);
        if (!dryRun && stored.isPresent() && stored.get().state().unfinished()) {
            throw new CliException(unfinished(stored.get()));
        }
        SortedMap<Integer, Optional<AgentBundlesReport>> machines = new TreeMap<>();
        for (MachineInfo m : session.state().machines().list()) {
            machines.put(m.id(), bundles.report(AgentBundles.machine(m.id())));
        }
        Optional<AgentBundlesReport> controller = bundles.report(AgentBundles.CONTROLLER);
        AgentUpgradePlan plan = AgentUpgradePlanner.plan(d.machines(), d.controller(), machines, controller,
                canary == null ? DEFAULT_CANARY : canary, batch == null ? DEFAULT_BATCH : batch);
        if (dryRun) {
            VersionSkew.warning(VersionSkew.cliVersion(), controller.map(r -> r.running().version()),
                    machines.values().stream().flatMap(Optional::stream).map(r -> r.running().version()).toList())
                    .ifPresent(err()::println);
        }
        out().println("distribution " + d.dir() + ", version " + DistributionBundles.shown(d.version()) + ":");
        plan.agents().forEach(a -> out().println(a.line()));
        if (plan.nothingToDo()) {
            boolean leftOut = plan.agents().stream().anyMatch(a -> !a.reported());
            out().println((leftOut ? "every agent that reported runs " : "every agent runs ")
                    + DistributionBundles.shown(d.version()) + " already: nothing to upgrade");
            return;
        }
        if (dryRun) {
            out().println("would upgrade: " + plan.steps().stream().map(AgentUpgradePlan.Step::line)
                    .collect(Collectors.joining("; ")));
            stored.filter(r -> r.state().unfinished()).ifPresent(r -> out().println("but " + unfinished(r)));
            out().println("dry run: nothing was changed");
            return;
        }
        publish(bundles, d, plan.toPublish());
        long generation = 1 + highestGeneration(bundles, stored, machines, controller);
        out().println("rollout generation " + generation);
        rollouts.upgrade(AgentRollout.start(generation, d.version(), plan), plan.steps());
    }

    /** The stored rollout; one this command line cannot read is said and replaced by the new one. */
    private Optional<AgentRollout> storedForNewRollout(AgentBundles bundles) {
        try {
            return bundles.rollout().map(AgentRollout::fromMap);
        } catch (CliException e) {
            err().println("warning: " + e.getMessage() + "; a new rollout replaces it");
            return Optional.empty();
        }
    }

    private static String unfinished(AgentRollout r) {
        String why = r.reason().isEmpty() ? r.state().key() : r.reason();
        return r.state() == State.ROLLING_BACK
                ? r.shown() + " is being rolled back (" + why + "): 'upgrade-agents --rollback' goes on with that"
                : r.shown() + " is unfinished (" + why + "): 'upgrade-agents --resume' goes on with it,"
                        + " '--rollback' puts back the agents it upgraded";
    }

    private void publish(AgentBundles bundles, DistributionBundles d, List<AgentBundle> changed) {
        long bytes = 0;
        int sent = 0;
        for (AgentBundle b : changed) {
            long written = bundles.publish(d.jar(b), b);
            if (written > 0) {
                sent++;
                bytes += written;
            }
        }
        int stored = changed.size() - sent;
        out().println("sent " + sent + (sent == 1 ? " bundle" : " bundles") + " (" + bytes + " bytes)"
                + (stored > 0 ? "; " + stored + " stored already" : ""));
    }

    /** The highest generation any rollout, target or report has used. */
    private static long highestGeneration(AgentBundles bundles, Optional<AgentRollout> stored,
            SortedMap<Integer, Optional<AgentBundlesReport>> machines, Optional<AgentBundlesReport> controller) {
        long highest = stored.map(AgentRollout::generation).orElse(0L);
        for (var m : machines.entrySet()) {
            highest = Math.max(highest, bundles.target(AgentBundles.machine(m.getKey())).map(AgentUpgradeTarget::generation).orElse(0L));
            highest = Math.max(highest, m.getValue().map(AgentBundlesReport::generation).orElse(0L));
        }
        highest = Math.max(highest, bundles.target(AgentBundles.CONTROLLER).map(AgentUpgradeTarget::generation).orElse(0L));
        return Math.max(highest, controller.map(AgentBundlesReport::generation).orElse(0L));
    }
}
