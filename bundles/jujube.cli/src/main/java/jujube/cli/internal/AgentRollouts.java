package jujube.cli.internal;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import jujube.cli.CliException;
import jujube.cli.internal.AgentRollout.Outcome;
import jujube.cli.internal.AgentRollout.State;
import jujube.cli.internal.AgentUpgradePlan.BundleChange;
import jujube.cli.internal.AgentUpgradePlan.Step;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import jujube.state.AgentUpgradeTarget;

/**
 * Runs a rollout's steps: asks each agent of a step for its set ({@link AgentBundles#setTarget}), follows
 * their reports until each answered that generation or the timeout passed, prints each agent's outcome as it
 * comes, and stores the record before and after every step, so that a command line killed at any point
 * leaves what {@code --resume} and {@code --rollback} go on from. A failure ends the rollout's run with a
 * {@link CliException} saying what happened and what to do. Reports have no watch: they are read every
 * {@link #POLL}.
 *
 * <p>Design debt: nothing keeps two command lines from running rollouts at once; the record is written whole,
 * the last writer's standing. A second {@code upgrade-agents} is refused only once the first stored its record.
 */
final class AgentRollouts {
    static final Duration POLL = Duration.ofMillis(250);
    private final AgentBundles bundles;
    private final PrintWriter out;
    private final Duration timeout;
    private final String timeoutText;

    AgentRollouts(AgentBundles bundles, PrintWriter out, Duration timeout, String timeoutText) {
        this.bundles = bundles;
        this.out = out;
        this.timeout = timeout;
        this.timeoutText = timeoutText;
    }

    /** Upgrades the agents of {@code steps}, at the rollout's generation; the record is complete after the last. */
    AgentRollout upgrade(AgentRollout rollout, List<Step> steps) {
        rollout = save(rollout.with(State.RUNNING, ""));
        for (Step step : steps) {
            out.println(step.line());
            out.flush();
            rollout = ask(rollout, step.agents(), rollout::target);
            Map<String, Answer> failures = new LinkedHashMap<>();
            for (Answer answer : await(step.agents(), rollout.generation(), rollout::target, "upgraded to")) {
                rollout = rollout.with(answer.agent(), a -> a.with(answer.ok() ? Outcome.UPGRADED : Outcome.FAILED,
                        answer.failure()));
                if (!answer.ok()) {
                    failures.put(answer.agent(), answer);
                }
            }
            if (!failures.isEmpty()) {
                String stopped = "upgrade stopped: " + stoppedBy(failures);
                save(rollout.with(State.STOPPED, stopped));
                boolean one = failures.size() == 1;
                boolean putBack = failures.values().stream().allMatch(Answer::putBack);
                throw new CliException(stopped + (putBack ? one ? "; it runs its previous bundles again"
                        : "; they run their previous bundles again" : "") + "; 'upgrade-agents --resume' retries "
                        + (one ? "it" : "them") + " and goes on, '--rollback' puts back the agents already upgraded");
            }
            rollout = save(rollout);
        }
        rollout = save(rollout.with(State.COMPLETE, ""));
        out.println("upgrade to " + DistributionBundles.shown(rollout.version()) + " complete: " + rollout.agents().size()
                + (rollout.agents().size() == 1 ? " agent" : " agents") + " upgraded");
        return rollout;
    }

    /**
     * Asks every agent the rollout asked for its set, and that does not run its previous set again, to run that
     * (at a new generation), awaits them all together and records the rollout rolled back.
     */
    AgentRollout rollBack(AgentRollout rollout) {
        List<String> asked = rollout.agents().stream().filter(a -> a.generation() > 0).map(AgentRollout.Agent::name).toList();
        List<String> back = new ArrayList<>();
        for (String agent : asked) {
            if (runs(agent, rollout.previous(agent))) {
                rollout = rollout.with(agent, a -> a.with(Outcome.ROLLED_BACK, ""));
            } else {
                back.add(agent);
            }
        }
        rollout = save(rollout.withGeneration(nextGeneration(rollout)).with(State.ROLLING_BACK, ""));
        if (!back.isEmpty()) {
            Step step = new Step(Step.Kind.BATCH, back);
            out.println("rollback: " + step.agents().stream().map(AgentUpgradePlan::shown).collect(Collectors.joining(", ")));
            out.flush();
            rollout = ask(rollout, back, rollout::previous);
            Map<String, Answer> failures = new LinkedHashMap<>();
            for (Answer answer : await(back, rollout.generation(), rollout::previous, "back on")) {
                if (answer.ok()) {
                    rollout = rollout.with(answer.agent(), a -> a.with(Outcome.ROLLED_BACK, ""));
                } else {
                    rollout = rollout.with(answer.agent(), a -> a.with(a.outcome(), answer.failure()));
                    failures.put(answer.agent(), answer);
                }
            }
            if (!failures.isEmpty()) {
                String stopped = "rollback stopped: " + stoppedBy(failures);
                save(rollout.with(State.ROLLING_BACK, stopped));
                throw new CliException(stopped + "; 'upgrade-agents --rollback' tries again");
            }
        }
        rollout = save(rollout.with(State.ROLLED_BACK, ""));
        out.println(rollout.shown() + " was rolled back: " + (asked.size() == 1 ? "1 agent runs its"
                : asked.size() + " agents run their") + " previous bundles");
        return rollout;
    }

    /**
     * Goes on with a rollout that stopped or whose command line was killed: agents that meanwhile run their
     * target count as upgraded; the others are asked again at a new generation, the failed ones first.
     */
    AgentRollout resume(AgentRollout rollout) {
        for (AgentRollout.Agent a : rollout.agents()) {
            if (a.outcome() != Outcome.UPGRADED && runs(a.name(), rollout.target(a.name()))) {
                rollout = rollout.with(a.name(), x -> x.with(Outcome.UPGRADED, ""));
            }
        }
        return upgrade(rollout.withGeneration(nextGeneration(rollout)), rollout.remainingSteps());
    }

    /** One more than any generation the rollout or its agents' targets and reports have seen. */
    long nextGeneration(AgentRollout rollout) {
        long highest = rollout.generation();
        for (AgentRollout.Agent a : rollout.agents()) {
            highest = Math.max(highest, bundles.target(a.name()).map(AgentUpgradeTarget::generation).orElse(0L));
            highest = Math.max(highest, bundles.report(a.name()).map(AgentBundlesReport::generation).orElse(0L));
        }
        return highest + 1;
    }

    private boolean runs(String agent, AgentBundleSet set) {
        return bundles.report(agent).map(r -> AgentUpgradePlanner.changes(r.running(), set).isEmpty()).orElse(false);
    }

    /** Records the agents asked at the rollout's generation, then asks them. */
    private AgentRollout ask(AgentRollout rollout, List<String> agents, Function<String, AgentBundleSet> want) {
        long generation = rollout.generation();
        for (String agent : agents) {
            rollout = rollout.with(agent, a -> a.with(a.outcome(), generation, a.reason()));
        }
        rollout = save(rollout);
        for (String agent : agents) {
            bundles.setTarget(agent, new AgentUpgradeTarget(generation, want.apply(agent)));
        }
        return rollout;
    }

    /** Follows the agents' reports until each answered {@code generation}, or the timeout. */
    private List<Answer> await(List<String> agents, long generation, Function<String, AgentBundleSet> want, String done) {
        List<String> waiting = new ArrayList<>(agents);
        List<Answer> answers = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (String agent : List.copyOf(waiting)) {
                Optional<AgentBundlesReport> report = bundles.report(agent);
                if (report.isPresent() && report.get().answered(generation)) {
                    Answer answer = answer(agent, report.get(), want.apply(agent));
                    waiting.remove(agent);
                    answers.add(answer);
                    out.println(AgentUpgradePlan.shown(agent) + ": " + (answer.ok()
                            ? done + " " + DistributionBundles.shown(want.apply(agent).version()) : answer.failure()));
                    out.flush();
                }
            }
            if (waiting.isEmpty()) {
                return answers;
            }
            if (System.nanoTime() - deadline >= 0) {
                for (String agent : waiting) {
                    String failure = "did not answer within " + timeoutText + " (" + lastSeen(agent, generation) + ")";
                    answers.add(new Answer(agent, failure, false));
                    out.println(AgentUpgradePlan.shown(agent) + ": " + failure);
                }
                out.flush();
                return answers;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("upgrade-agents: interrupted while waiting for "
                        + waiting.stream().map(AgentUpgradePlan::shown).collect(Collectors.joining(", ")));
            }
        }
    }

    private static Answer answer(String agent, AgentBundlesReport report, AgentBundleSet wanted) {
        if (report.state().equals(AgentBundlesReport.FAILED)) {
            return new Answer(agent, "failed: " + oneLine(report.reason().isEmpty() ? "no reason given" : report.reason()),
                    true);
        }
        List<BundleChange> otherwise = AgentUpgradePlanner.changes(report.running(), wanted);
        if (!otherwise.isEmpty()) {
            return new Answer(agent, "said it was done but runs otherwise: "
                    + otherwise.stream().map(BundleChange::toString).collect(Collectors.joining(", ")), false);
        }
        return new Answer(agent, "", false);
    }

    private String lastSeen(String agent, long generation) {
        return bundles.report(agent).map(r -> r.generation() == generation
                ? "it reports " + r.state() + " for generation " + generation
                : "its last report answers generation " + r.generation()).orElse("it has not reported");
    }

    private static String stoppedBy(Map<String, Answer> failures) {
        Answer first = failures.values().iterator().next();
        String others = failures.keySet().stream().skip(1).map(AgentUpgradePlan::shown).collect(Collectors.joining(", "));
        return AgentUpgradePlan.shown(first.agent()) + " " + first.failure() + (others.isEmpty() ? "" : " (and " + others + ")");
    }

    /** A reason an agent gave, on one line. */
    private static String oneLine(String text) {
        return text.replaceAll("[\\s\\p{Cntrl}]+", " ").strip();
    }

    private AgentRollout save(AgentRollout rollout) {
        bundles.setRollout(rollout.toMap());
        return rollout;
    }

    /**
     * An agent's answer to one request.
     *
     * @param failure what went wrong, as the stop message says it ({@code failed: <its reason>}); empty when nothing did
     * @param putBack whether the agent said it runs its previous bundles again
     */
    record Answer(String agent, String failure, boolean putBack) {
        boolean ok() {
            return failure.isEmpty();
        }
    }
}
