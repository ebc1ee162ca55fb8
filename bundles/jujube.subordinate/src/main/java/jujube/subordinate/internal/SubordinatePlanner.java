package jujube.subordinate.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import jujube.agent.machine.DeployedUnit;
import jujube.spi.RelationScopeHandler;
import jujube.model.UnitInfo;
import jujube.model.UnitName;

/**
 * Decides the next steps for one machine's subordinates from an immutable picture: the state's
 * {@link ContainerSnapshot}, the unit agents deployed here, and which units wrote their retired marker.
 * It has no side effects, so the same picture always gives the same plan.
 *
 * <p>A principal deployed here (and neither retiring nor removed) wants one subordinate unit of each
 * subordinate service a container relation ties its service to. Which existing unit is that one is the
 * container scope handler's answer to "which units of the service does the principal see?": the planner
 * does not know how containers are laid out. A unit that is retiring or retired is on its way out and is
 * never chosen; while one is, its replacement waits, so a container never holds two at once. Every other
 * subordinate unit in (or deployed for) a container on this machine is unwanted and goes: retired first
 * when its agent is deployed, then removed.
 */
final class SubordinatePlanner {
    private final RelationScopeHandler containerScope;

    SubordinatePlanner(RelationScopeHandler containerScope) {
        this.containerScope = containerScope;
    }

    List<Step> plan(ContainerSnapshot state, Map<UnitName, DeployedUnit> deployed, Predicate<UnitName> retiredMarker) {
        List<Step> steps = new ArrayList<>();
        Predicate<UnitName> leaving = u -> (deployed.containsKey(u) && deployed.get(u).retiring()) || retiredMarker.test(u);
        Set<UnitName> hosted = new TreeSet<>();
        deployed.values().stream().filter(d -> d.deployment().isPrincipal()).forEach(d -> hosted.add(d.deployment().unit()));

        for (UnitName assigned : state.assigned()) {
            if (!hosted.contains(assigned) && !state.subordinatesOf(assigned.service()).isEmpty()) {
                steps.add(new Step.AwaitPrincipal(assigned));
            }
        }

        Set<UnitName> keep = new TreeSet<>();
        for (UnitName principal : hosted) {
            UnitInfo info = state.unit(principal).orElse(null);
            if (info == null || info.isSubordinate() || deployed.get(principal).retiring()) {
                continue; // removed or leaving: its subordinates go with it
            }
            for (String service : new TreeSet<>(state.subordinatesOf(principal.service()))) {
                Set<String> visible = containerScope.visible(principal.toString(), principal.toString(),
                        state.containersOf(service));
                List<UnitName> candidates = visible.stream().map(UnitName::parse).sorted().toList();
                List<UnitName> staying = candidates.stream().filter(leaving.negate()).toList();
                if (!staying.isEmpty()) {
                    UnitName chosen = staying.get(0); // any others are duplicates, removed below
                    keep.add(chosen);
                    if (!deployed.containsKey(chosen)) {
                        steps.add(new Step.Deploy(state.unit(chosen).orElseThrow(), info));
                    }
                } else if (candidates.isEmpty()) {
                    steps.add(new Step.Create(service, principal));
                }
            }
        }

        Set<UnitName> ours = new TreeSet<>();
        state.units().values().stream()
                .filter(u -> u.container().map(hosted::contains).orElse(false))
                .forEach(u -> ours.add(u.name()));
        deployed.values().stream().filter(d -> !d.deployment().isPrincipal()).forEach(d -> ours.add(d.deployment().unit()));
        for (UnitName unit : ours) {
            if (keep.contains(unit)) {
                continue;
            }
            DeployedUnit d = deployed.get(unit);
            if (d != null && !d.retiring()) {
                steps.add(new Step.Retire(unit));
            } else if (d != null && !retiredMarker.test(unit)) {
                steps.add(new Step.AwaitRetired(unit));
            } else {
                steps.add(new Step.Remove(unit, d != null, state.units().containsKey(unit)));
            }
        }
        return steps;
    }
}
