package jujube.cli.internal;

import jujube.charm.Charm;
import jujube.charm.CharmDirectory;
import jujube.charm.CharmUrl;
import jujube.cli.CliException;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import java.util.List;
import jujube.model.UnitInfo;
import jujube.model.UpgradeRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube upgrade-charm SERVICE}: publishes the repository's newer revision of the service's charm,
 * switches the service to it and asks each unit's agent to upgrade. A charm directory whose content
 * changed without a new revision gets its revision bumped past the published one, as the original did.
 * Every unit must be started (its agent runs the upgrade-charm hook) or, with {@code --force}, in an error
 * state (its agent puts the charm in place without the hook); otherwise the command refuses and changes
 * nothing. Units still running an older charm than their service's are upgraded too, so a refused or
 * dropped request can be repeated.
 */
@Command(name = "upgrade-charm", description = "Upgrade a service's charm to the repository's latest revision.")
public final class UpgradeCharmCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Option(names = "--dry-run", description = "Say what would be upgraded, change nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Also upgrade units in an error state, without running their upgrade-charm hook.")
    boolean force;

    @Mixin
    CharmRepository repository;

    @Override
    int run(EnvironmentSession session) {
        ServiceCharm target = session.service(service);
        CharmUrl current = CharmUrl.parse(target.info().charmId());
        int currentRevision = current.revision().orElse(0);
        List<UnitInfo> units = target.info().units().stream().map(u -> session.state().units().get(u)).toList();
        Charm charm = repository.find(current.withoutRevision(), session.reader());
        try (CharmPublisher publisher = new CharmPublisher(session)) {
            // a charm of today has no revision of its own: a change of its content makes the next one
            boolean unnumbered = charm.revision().isEmpty();
            int charmRevision = charm.revision().orElse(currentRevision);
            CharmUrl url = charm.localUrl(current.series(), charmRevision);
            boolean bump = unnumbered ? publisher.changedSincePublished(charm, url)
                    : charmRevision <= currentRevision && charm.source() instanceof CharmDirectory
                    && (charmRevision < currentRevision || publisher.changedSincePublished(charm, url));
            boolean newer = charmRevision > currentRevision || bump;
            // units left behind by an earlier upgrade (refused or dropped by their agent) catch up with the service
            List<UnitInfo> flagged = newer ? units
                    : units.stream().filter(u -> !u.charmId().equals(current.toString())).toList();
            if (!newer && flagged.isEmpty()) {
                out().printf("Service '%s' already runs the latest charm %s%n", service, current);
                return 0;
            }
            refuseUnupgradable(flagged);
            int revision = bump ? Math.max(currentRevision, publisher.highestPublishedRevision(url)) + 1 : charmRevision;
            CharmUrl next = newer ? current.withRevision(revision) : current;
            if (dryRun) {
                out().printf(newer ? "Service '%s' would be upgraded from charm %s to %s%n"
                        : "Service '%s' runs charm %s already; its units would be upgraded to %s%n", service, current, next);
                describe(flagged, true);
                return 0;
            }
            for (UnitInfo unit : flagged) {
                if (session.state().units().flags(unit.name()).upgrade().isPresent()) {
                    throw new CliException("Service unit '" + unit.name() + "' already has an upgrade scheduled");
                }
            }
            String charmId = current.toString();
            if (newer) {
                if (bump && !unnumbered) {
                    charm = publisher.bumpRevision(charm, revision);
                }
                Charm upgraded = requireName(charm, target);
                charmId = publisher.published(next).orElseGet(() -> publisher.publish(upgraded, next)).id();
                session.state().services().setCharm(service, charmId);
            }
            for (UnitInfo unit : flagged) {
                session.state().units().setUpgrade(unit.name(), new UpgradeRequest(force));
            }
            if (newer) {
                out().printf("Service '%s' upgraded from charm %s to %s%n", service, current, charmId);
            } else {
                out().printf("Service '%s' runs charm %s already; its units were behind%n", service, charmId);
            }
            describe(flagged, false);
        }
        return 0;
    }

    /**
     * Refuses, changing nothing, what the unit agents would not do: they upgrade a started unit (running its
     * upgrade-charm hook) and, forced, a unit in an error state (without the hook); a request to any other
     * unit would be dropped by its agent while this command said "upgraded".
     */
    private void refuseUnupgradable(List<UnitInfo> units) {
        List<String> refused = units.stream().filter(u -> !STARTED.equals(u.workflowState()) && !(force && isError(u)))
                .map(u -> "unit is in non-started state " + stateName(u) + ": " + u.name()).toList();
        if (!refused.isEmpty()) {
            throw new CliException("Cannot upgrade: " + String.join("; ", refused)
                    + (force ? " (--force upgrades started units and units in an error state only)"
                            : " (resolve it first, or use --force to replace the charm of a unit in an error state"
                                    + " without running its upgrade-charm hook)"));
        }
    }

    /** Tells the operator what each unit's agent is asked to do, when it is not the plain upgrade. */
    private void describe(List<UnitInfo> units, boolean conditional) {
        for (UnitInfo unit : units) {
            if (isError(unit)) {
                out().printf("Unit '%s' (%s): charm %s replaced without running the upgrade-charm hook%n", unit.name(),
                        unit.workflowState(), conditional ? "would be" : "will be");
            }
        }
    }

    private static final String STARTED = "started";

    private static boolean isError(UnitInfo unit) {
        return unit.workflowState() != null && unit.workflowState().endsWith("_error");
    }

    private static String stateName(UnitInfo unit) {
        return unit.workflowState() == null || unit.workflowState().isEmpty() ? "none" : unit.workflowState();
    }

    private static Charm requireName(Charm charm, ServiceCharm target) {
        if (!charm.name().equals(target.metadata().name())) {
            throw new CliException("charm " + charm.source() + " is named '" + charm.name() + "', not '" + target.metadata().name() + "'");
        }
        return charm;
    }
}
