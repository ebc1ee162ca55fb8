package jujube.cli.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import jujube.cli.internal.AgentUpgradePlan.Step;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;

/**
 * One rollout of agents' bundles, as {@code upgrade-agents} keeps it in the state's {@code /upgrade} node
 * ({@link AgentBundles#rollout()}) after each step, so that a killed command line can resume it and a stopped
 * one be rolled back: the generation last asked for, the version it brings, where it is ({@link State}), why it
 * stopped, the bundle sets it moves agents between (each distinct set once) and its agents in order, each with
 * its step, its previous and target set, how it went and the generation it was last asked.
 */
record AgentRollout(long generation, String version, State state, String reason, List<AgentBundleSet> sets,
        List<Agent> agents) {
    /** The record's format; one this command line does not know is refused when read. */
    static final int FORMAT = 1;

    /** Where a rollout is. */
    enum State {
        /** Upgrading (or its command line was killed while it did). */
        RUNNING,
        /** An agent failed or did not answer: nothing more was asked. */
        STOPPED,
        /** Every agent of the rollout was upgraded. */
        COMPLETE,
        /** Putting the upgraded agents' previous bundles back (or that stopped, its reason said). */
        ROLLING_BACK,
        /** The upgraded agents run their previous bundles again. */
        ROLLED_BACK;

        String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static State of(String key) {
            return valueOf(key.toUpperCase(Locale.ROOT).replace('-', '_'));
        }

        /** Whether the rollout is unfinished: resumed or rolled back, not started anew. */
        boolean unfinished() {
            return this == RUNNING || this == STOPPED || this == ROLLING_BACK;
        }
    }

    /** How it went for one agent. */
    enum Outcome {
        PENDING, UPGRADED, FAILED, ROLLED_BACK;

        String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Outcome of(String key) {
            return valueOf(key.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /**
     * One agent of the rollout.
     *
     * @param step the step it is upgraded in, counted from 0 (steps in order, the controller's last)
     * @param previous its set before the rollout, an index into {@link AgentRollout#sets()}
     * @param target the set it is to run, an index too
     * @param generation the generation it was last asked to run a set at; 0 before
     * @param reason why it failed, empty otherwise
     */
    record Agent(String name, int step, int previous, int target, Outcome outcome, long generation, String reason) {
        Agent {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(reason, "reason");
        }

        Agent with(Outcome outcome, long generation, String reason) {
            return new Agent(name, step, previous, target, outcome, generation, reason);
        }

        Agent with(Outcome outcome, String reason) {
            return with(outcome, generation, reason);
        }
    }

    AgentRollout {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        sets = List.copyOf(sets);
        agents = List.copyOf(agents);
        Set<String> names = new HashSet<>();
        for (Agent a : agents) {
            if (!names.add(a.name())) {
                throw new IllegalArgumentException("agent " + a.name() + " is in the rollout twice");
            }
            if (a.previous() < 0 || a.previous() >= sets.size() || a.target() < 0 || a.target() >= sets.size()) {
                throw new IllegalArgumentException("agent " + a.name() + " names a set the rollout does not have");
            }
            if (a.step() < 0 || a.generation() < 0 || a.generation() > generation) {
                throw new IllegalArgumentException("agent " + a.name() + ": step " + a.step() + ", generation " + a.generation());
            }
        }
        if (generation < 1) {
            throw new IllegalArgumentException("generation " + generation + " is not positive");
        }
    }

    /** A rollout of {@code plan}'s steps at {@code generation}, nothing asked yet. */
    static AgentRollout start(long generation, String version, AgentUpgradePlan plan) {
        List<AgentBundleSet> sets = new ArrayList<>();
        List<Agent> agents = new ArrayList<>();
        for (int step = 0; step < plan.steps().size(); step++) {
            for (String name : plan.steps().get(step).agents()) {
                AgentUpgradePlan.AgentPlan a = plan.agent(name);
                agents.add(new Agent(name, step, index(sets, a.running().orElseThrow()), index(sets, a.target()),
                        Outcome.PENDING, 0, ""));
            }
        }
        return new AgentRollout(generation, version, State.RUNNING, "", sets, agents);
    }

    private static int index(List<AgentBundleSet> sets, AgentBundleSet set) {
        int i = sets.indexOf(set);
        if (i < 0) {
            sets.add(set);
            i = sets.size() - 1;
        }
        return i;
    }

    Agent agent(String name) {
        return agents.stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no agent " + name + " in the rollout"));
    }

    AgentBundleSet previous(String agent) {
        return sets.get(agent(agent).previous());
    }

    AgentBundleSet target(String agent) {
        return sets.get(agent(agent).target());
    }

    AgentRollout with(State state, String reason) {
        return new AgentRollout(generation, version, state, reason, sets, agents);
    }

    AgentRollout withGeneration(long generation) {
        return new AgentRollout(generation, version, state, reason, sets, agents);
    }

    /** This rollout with agent {@code name} changed by {@code change}. */
    AgentRollout with(String name, UnaryOperator<Agent> change) {
        List<Agent> changed = agents.stream().map(a -> a.name().equals(name) ? change.apply(a) : a).toList();
        return new AgentRollout(generation, version, state, reason, sets, changed);
    }

    /**
     * The agents still to upgrade, as steps in order: the failed ones first, each alone (they are retried
     * before anything else is asked), then the pending ones in the steps they were planned in.
     */
    List<Step> remainingSteps() {
        List<Step> steps = new ArrayList<>();
        agents.stream().filter(a -> a.outcome() == Outcome.FAILED)
                .forEach(a -> steps.add(new Step(Step.Kind.RETRY, List.of(a.name()))));
        Map<Integer, List<String>> byStep = new java.util.TreeMap<>();
        agents.stream().filter(a -> a.outcome() == Outcome.PENDING)
                .forEach(a -> byStep.computeIfAbsent(a.step(), k -> new ArrayList<>()).add(a.name()));
        byStep.values().forEach(names -> steps.add(new Step(names.contains(AgentBundles.CONTROLLER)
                ? Step.Kind.CONTROLLER : Step.Kind.BATCH, names)));
        return steps;
    }

    /** {@code the upgrade to 1.1.0}, as messages name the rollout. */
    String shown() {
        return "the upgrade to " + DistributionBundles.shown(version) + " (generation " + generation + ")";
    }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("generation", generation);
        m.put("version", version);
        m.put("state", state.key());
        if (!reason.isEmpty()) {
            m.put("reason", reason);
        }
        List<Object> agentList = new ArrayList<>();
        for (Agent a : agents) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("agent", a.name());
            one.put("step", a.step());
            one.put("previous", a.previous());
            one.put("target", a.target());
            one.put("outcome", a.outcome().key());
            one.put("generation", a.generation());
            if (!a.reason().isEmpty()) {
                one.put("reason", a.reason());
            }
            agentList.add(one);
        }
        m.put("agents", agentList);
        List<Object> setList = new ArrayList<>();
        for (AgentBundleSet s : sets) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("version", s.version());
            // a line per bundle keeps a set small: the record holds every agent's previous set, in 256 KiB
            one.put("bundles", s.bundles().stream()
                    .map(b -> b.name() + " " + b.version() + " " + b.sha256() + " " + b.size()).toList());
            setList.add(one);
        }
        m.put("sets", setList);
        return m;
    }

    /** Reads a stored record; one that is not this format's is refused with what is wrong. */
    static AgentRollout fromMap(Map<String, Object> m) {
        try {
            if (number(m, "format") != FORMAT) {
                throw new IllegalArgumentException("format " + m.get("format") + " is not " + FORMAT);
            }
            List<AgentBundleSet> sets = new ArrayList<>();
            for (Object raw : list(m, "sets")) {
                Map<String, Object> s = map(raw, "sets[]");
                List<AgentBundle> bundles = new ArrayList<>();
                for (Object line : list(s, "bundles")) {
                    String[] words = String.valueOf(line).split(" ");
                    if (words.length != 4 || !words[3].matches("[0-9]{1,12}")) {
                        throw new IllegalArgumentException("a bundle is 'name version sha256 size', not '" + line + "'");
                    }
                    bundles.add(new AgentBundle(words[0], words[1], words[2], Long.parseLong(words[3])));
                }
                sets.add(new AgentBundleSet(string(s, "version"), bundles));
            }
            List<Agent> agents = new ArrayList<>();
            for (Object raw : list(m, "agents")) {
                Map<String, Object> a = map(raw, "agents[]");
                String name = string(a, "agent");
                if (!name.equals(AgentBundles.CONTROLLER) && !name.matches("machine-(0|[1-9][0-9]{0,8})")) {
                    throw new IllegalArgumentException("'" + name + "' is not an agent");
                }
                agents.add(new Agent(name, (int) number(a, "step"), (int) number(a, "previous"), (int) number(a, "target"),
                        Outcome.of(string(a, "outcome")), number(a, "generation"), optional(a, "reason")));
            }
            return new AgentRollout(number(m, "generation"), string(m, "version"), State.of(string(m, "state")),
                    optional(m, "reason"), sets, agents);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new jujube.cli.CliException("the stored rollout (/upgrade) is not one this jujube reads: "
                    + e.getMessage());
        }
    }

    private static long number(Map<String, Object> m, String key) {
        if (!(m.get(key) instanceof Number n) || n instanceof Double || n instanceof Float) {
            throw new IllegalArgumentException(key + ": not a whole number: " + m.get(key));
        }
        return n.longValue();
    }

    private static String string(Map<String, Object> m, String key) {
        if (!(m.get(key) instanceof String s)) {
            throw new IllegalArgumentException(key + ": not a string: " + m.get(key));
        }
        return s;
    }

    private static String optional(Map<String, Object> m, String key) {
        return m.get(key) == null ? "" : string(m, key);
    }

    private static List<?> list(Map<String, Object> m, String key) {
        if (!(m.get(key) instanceof List<?> l)) {
            throw new IllegalArgumentException(key + ": not a list");
        }
        return l;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object raw, String what) {
        if (!(raw instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(what + ": not a map");
        }
        return (Map<String, Object>) m;
    }
}
