package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;
import jujube.cli.internal.AgentUpgradePlan.AgentPlan;
import jujube.cli.internal.AgentUpgradePlan.BundleChange;
import jujube.cli.internal.AgentUpgradePlan.Step;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;

/**
 * Works out an upgrade of the agents' bundles from the distribution's sets and what each agent last reported
 * it runs, reading and writing nothing: each agent's changes bundle by bundle (name, version, sha256), then
 * the steps. An agent that has not reported is left out (nothing says what it runs); one that runs the
 * distribution's jars already is up to date. The machines that change are upgraded lowest number first:
 * the first {@code canary} of them alone, then the rest {@code batch} at a time, the controller last.
 */
final class AgentUpgradePlanner {
    private AgentUpgradePlanner() {}

    /**
     * @param machines each machine's number with its agent's last report, if any
     * @param controller the controller's last report, if any
     */
    static AgentUpgradePlan plan(AgentBundleSet machineSet, AgentBundleSet controllerSet,
            SortedMap<Integer, Optional<AgentBundlesReport>> machines, Optional<AgentBundlesReport> controller,
            int canary, int batch) {
        if (canary < 0 || batch < 1) {
            throw new IllegalArgumentException("canary " + canary + " and batch " + batch + ": at least 0 and 1");
        }
        List<AgentPlan> agents = new ArrayList<>();
        List<String> changing = new ArrayList<>();
        for (Map.Entry<Integer, Optional<AgentBundlesReport>> m : machines.entrySet()) {
            AgentPlan a = agent(AgentBundles.machine(m.getKey()), m.getValue(), machineSet);
            agents.add(a);
            if (a.changing()) {
                changing.add(a.agent());
            }
        }
        AgentPlan c = agent(AgentBundles.CONTROLLER, controller, controllerSet);
        agents.add(c);
        List<Step> steps = new ArrayList<>();
        int canaries = Math.min(canary, changing.size());
        if (canaries > 0) {
            steps.add(new Step(Step.Kind.CANARY, changing.subList(0, canaries)));
        }
        for (int i = canaries; i < changing.size(); i += batch) {
            steps.add(new Step(Step.Kind.BATCH, changing.subList(i, Math.min(changing.size(), i + batch))));
        }
        if (c.changing()) {
            steps.add(new Step(Step.Kind.CONTROLLER, List.of(c.agent())));
        }
        return new AgentUpgradePlan(agents, steps);
    }

    private static AgentPlan agent(String name, Optional<AgentBundlesReport> report, AgentBundleSet target) {
        Optional<AgentBundleSet> running = report.map(AgentBundlesReport::running);
        return new AgentPlan(name, running, target, running.map(r -> changes(r, target)).orElse(List.of()));
    }

    /** What differs between what an agent runs and {@code target}, by bundle name. */
    static List<BundleChange> changes(AgentBundleSet running, AgentBundleSet target) {
        TreeSet<String> names = new TreeSet<>();
        running.bundles().forEach(b -> names.add(b.name()));
        target.bundles().forEach(b -> names.add(b.name()));
        List<BundleChange> changes = new ArrayList<>();
        for (String name : names) {
            Optional<AgentBundle> from = running.bundle(name);
            Optional<AgentBundle> to = target.bundle(name);
            if (from.isEmpty()) {
                changes.add(new BundleChange(name, null, to.get().version(), BundleChange.Kind.NEW));
            } else if (to.isEmpty()) {
                changes.add(new BundleChange(name, from.get().version(), null, BundleChange.Kind.REMOVED));
            } else if (!from.get().sha256().equals(to.get().sha256())) {
                boolean sameVersion = from.get().version().equals(to.get().version());
                changes.add(new BundleChange(name, from.get().version(), to.get().version(),
                        sameVersion ? BundleChange.Kind.REBUILT : BundleChange.Kind.UPGRADED));
            }
        }
        return changes;
    }
}
