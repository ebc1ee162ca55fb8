package jujube.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;

/**
 * What {@code upgrade-agents} would change where ({@link AgentUpgradePlanner}): each agent with what it runs
 * and what changes, and the steps that upgrade those that change, canaries first, the controller last.
 *
 * @param agents every machine's agent by number, then the controller's
 * @param steps the agents to upgrade, step by step; empty when there is nothing to do
 */
record AgentUpgradePlan(List<AgentPlan> agents, List<Step> steps) {
    AgentUpgradePlan {
        agents = List.copyOf(agents);
        steps = List.copyOf(steps);
    }

    /** Whether every agent that reported runs the distribution's bundles already. */
    boolean nothingToDo() {
        return steps.isEmpty();
    }

    /** The agent named {@code agent}. */
    AgentPlan agent(String agent) {
        return agents.stream().filter(a -> a.agent().equals(agent)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no agent " + agent + " in the plan"));
    }

    /** The bundles some agent to upgrade lacks, each jar once, by name then sha256: what to publish. */
    List<AgentBundle> toPublish() {
        Map<String, AgentBundle> bySha256 = new LinkedHashMap<>();
        for (Step step : steps) {
            for (String name : step.agents()) {
                AgentPlan a = agent(name);
                a.running().orElseThrow().changedIn(a.target()).forEach(b -> bySha256.putIfAbsent(b.sha256(), b));
            }
        }
        List<AgentBundle> all = new ArrayList<>(bySha256.values());
        all.sort(java.util.Comparator.comparing(AgentBundle::name).thenComparing(AgentBundle::sha256));
        return all;
    }

    /**
     * One agent: what it reported it runs (empty when it has not reported its bundles, which leaves it out),
     * the set it is to run and the bundles that differ.
     */
    record AgentPlan(String agent, Optional<AgentBundleSet> running, AgentBundleSet target, List<BundleChange> changes) {
        AgentPlan {
            changes = List.copyOf(changes);
        }

        boolean reported() {
            return running.isPresent();
        }

        boolean changing() {
            return !changes.isEmpty();
        }

        /** {@code machine 1: jujube.hooks 3.4.0 -> 3.4.1, jujube.process 1.1.0 (rebuilt)}, as the plan is printed. */
        String line() {
            String what = !reported() ? "left out: its agent has not reported its bundles"
                    : changes.isEmpty() ? "up to date"
                    : changes.stream().map(BundleChange::toString).collect(Collectors.joining(", "));
            return shown(agent) + ": " + what;
        }
    }

    /** One bundle an agent runs otherwise than the distribution has it. */
    record BundleChange(String name, String from, String to, Kind kind) {
        enum Kind { NEW, UPGRADED, REBUILT, REMOVED }

        @Override
        public String toString() {
            return switch (kind) {
                case NEW -> name + " " + to + " (new)";
                case UPGRADED -> name + " " + from + " -> " + to;
                case REBUILT -> name + " " + to + " (rebuilt)";
                case REMOVED -> name + " " + from + " (removed)";
            };
        }
    }

    /** Agents asked together, then awaited together. */
    record Step(Kind kind, List<String> agents) {
        enum Kind { CANARY, BATCH, RETRY, CONTROLLER }

        Step {
            agents = List.copyOf(agents);
        }

        /** {@code canary: machine 1}, {@code batch: machines 2, 3}, {@code controller}. */
        String line() {
            if (kind == Kind.CONTROLLER) {
                return "controller";
            }
            String names = agents.size() == 1 ? shown(agents.get(0))
                    : "machines " + agents.stream().map(a -> shown(a).substring("machine ".length()))
                            .collect(Collectors.joining(", "));
            return kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + names;
        }
    }

    /** An agent as the command line names it: {@code machine 3}, {@code controller}. */
    static String shown(String agent) {
        return agent.equals(AgentBundles.CONTROLLER) ? agent : agent.replace("machine-", "machine ");
    }
}
