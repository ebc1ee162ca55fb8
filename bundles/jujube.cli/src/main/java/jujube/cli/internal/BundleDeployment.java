package jujube.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jujube.charm.Charm;
import jujube.charm.CharmUrl;
import jujube.cli.internal.BundlePlan.Group;
import jujube.model.CharmRecord;
import jujube.model.Placement;
import jujube.model.UnitInfo;
import jujube.state.DeployedService;

/**
 * Carries out a {@link BundlePlan}, step by step, in as few transactions as the state allows: one per
 * machine added, one per new service with its options, peers and units (units the bundle puts on
 * different machines take one more each), one per option change, exposure and relation. Each step
 * prints what it did. A plan is checked whole before its first step; a step can still fail when
 * another command changes the environment meanwhile, and then the steps before it stay done: deploying
 * the bundle again finishes the rest.
 */
final class BundleDeployment {
    private final EnvironmentSession session;
    private final PrintWriter out;
    /** The environment's machine each bundle machine is. */
    private final Map<String, Integer> machines = new HashMap<>();

    BundleDeployment(EnvironmentSession session, PrintWriter out) {
        this.session = session;
        this.out = out;
    }

    /** Prints the plan and changes nothing. */
    static void describe(BundlePlan plan, PrintWriter out) {
        if (plan.steps().isEmpty()) {
            out.printf("Nothing to change: the environment already is as %s says%n", plan.bundle().label());
            return;
        }
        out.printf("Deploying %s would (dry run, nothing changed):%n", plan.bundle().label());
        plan.steps().forEach(step -> out.println("- " + step.describe()));
    }

    void apply(BundlePlan plan) {
        if (plan.steps().isEmpty()) {
            out.printf("Nothing to change: the environment already is as %s says%n", plan.bundle().label());
            return;
        }
        plan.bundle().machines().forEach(m -> machines.put(m, Integer.parseInt(m)));
        String series = plan.bundle().series().orElse(CharmRepository.DEFAULT_SERIES);
        try (CharmPublisher publisher = new CharmPublisher(session)) {
            for (BundlePlan.Step step : plan.steps()) {
                apply(publisher, step, series);
            }
        }
        out.printf("Deployed %s: %d %s%n", plan.bundle().label(), plan.steps().size(),
                plan.steps().size() == 1 ? "change" : "changes");
    }

    private void apply(CharmPublisher publisher, BundlePlan.Step step, String series) {
        if (step instanceof BundlePlan.AddMachine add) {
            int id = session.state().machines().add().id();
            machines.put(add.machine(), id);
            out.printf("Added machine %d (bundle machine %s)%n", id, add.machine());
        } else if (step instanceof BundlePlan.DeployService deploy) {
            deploy(publisher, deploy, series);
        } else if (step instanceof BundlePlan.AddUnits add) {
            List<String> placed = new ArrayList<>();
            for (Group group : add.groups()) {
                session.state().units().add(add.service(), group.count(), placement(group)).forEach(u -> placed.add(placed(u)));
            }
            out.printf("Added to service '%s': %s%n", add.service(), String.join(", ", placed));
        } else if (step instanceof BundlePlan.SetOptions set) {
            session.state().services().updateConfig(set.service(), set.changes());
            out.printf("Set %s of service '%s'%n", String.join(", ", set.changes().keySet()), set.service());
        } else if (step instanceof BundlePlan.Expose expose) {
            session.state().services().setExposed(expose.service(), true);
            out.printf("Service '%s' was exposed.%n", expose.service());
        } else if (step instanceof BundlePlan.AddRelation add) {
            session.state().relations().add(add.relation().interfaceName(), add.relation().scope(),
                    add.relation().stateEndpoints());
            out.printf("Related %s%n", add.describe().substring("relate ".length()));
        } else {
            throw new IllegalStateException("unknown bundle step " + step);
        }
    }

    private void deploy(CharmPublisher publisher, BundlePlan.DeployService step, String series) {
        Charm charm = step.charm();
        CharmUrl url = publisher.urlOf(charm, series);
        // a numbered revision is the published one with the same content; a charm's own revision is used as
        // published before, as deploy without --upgrade does
        CharmRecord record = publisher.published(url).orElseGet(() -> publisher.publish(charm, url));
        List<Group> groups = step.groups();
        Group first = groups.isEmpty() ? new Group(0, java.util.Optional.empty()) : groups.get(0);
        DeployedService deployed = ServiceCreation.create(session.state(), record.id(), charm.metadata(),
                step.app().name(), step.options(), first.count(), placement(first));
        List<String> placed = new ArrayList<>();
        deployed.units().forEach(u -> placed.add(placed(u)));
        for (Group group : groups.subList(Math.min(1, groups.size()), groups.size())) {
            session.state().units().add(step.app().name(), group.count(), placement(group)).forEach(u -> placed.add(placed(u)));
        }
        out.printf("Deployed %s as service '%s'%s%n", record.id(), step.app().name(),
                placed.isEmpty() ? "" : ": " + String.join(", ", placed));
    }

    private Placement placement(Group group) {
        if (group.machine().isPresent()) {
            return Placement.machine(machines.get(group.machine().get()));
        }
        return UnitPlacement.of(session.state(), session.environment().placement(), null);
    }

    private static String placed(UnitInfo unit) {
        return unit.name() + " (machine " + unit.machineId().getAsInt() + ")";
    }
}
