package jujube.cli.internal;

import jujube.charm.Charm;
import jujube.charm.CharmDirectory;
import jujube.charm.CharmUrl;
import jujube.cli.CliException;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import jujube.state.UnitName;
import jujube.state.UpgradeRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube upgrade-charm SERVICE}: publishes the repository's newer revision of the service's charm,
 * switches the service to it and asks each unit's agent to upgrade. A charm directory whose content
 * changed without a new revision gets its revision bumped past the published one, as the original did.
 */
@Command(name = "upgrade-charm", description = "Upgrade a service's charm to the repository's latest revision.")
public final class UpgradeCharmCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Option(names = "--dry-run", description = "Say what would be upgraded, change nothing.")
    boolean dryRun;

    @Option(names = "--force", description = "Upgrade units even when they are in an error state.")
    boolean force;

    @Mixin
    CharmRepository repository;

    @Override
    int run(EnvironmentSession session) {
        ServiceCharm target = session.service(service);
        CharmUrl current = CharmUrl.parse(target.info().charmId());
        int currentRevision = current.revision().orElse(0);
        Charm charm = repository.find(current.withoutRevision(), session.reader());
        try (CharmPublisher publisher = new CharmPublisher(session)) {
            CharmUrl url = charm.localUrl(current.series());
            boolean bump = charm.revision() <= currentRevision && charm.source() instanceof CharmDirectory
                    && (charm.revision() < currentRevision || publisher.changedSincePublished(charm, url));
            if (charm.revision() <= currentRevision && !bump) {
                out().printf("Service '%s' already runs the latest charm %s%n", service, current);
                return 0;
            }
            int revision = bump ? Math.max(currentRevision, publisher.highestPublishedRevision(url)) + 1 : charm.revision();
            CharmUrl next = current.withRevision(revision);
            if (dryRun) {
                out().printf("Service '%s' would be upgraded from charm %s to %s%n", service, current, next);
                return 0;
            }
            for (UnitName unit : target.info().units()) {
                if (session.state().units().flags(unit).upgrade().isPresent()) {
                    throw new CliException("Service unit '" + unit + "' already has an upgrade scheduled");
                }
            }
            if (bump) {
                charm = publisher.bumpRevision(charm, revision);
            }
            Charm upgraded = requireName(charm, target);
            String charmId = publisher.published(next).orElseGet(() -> publisher.publish(upgraded, next)).id();
            session.state().services().setCharm(service, charmId);
            for (UnitName unit : target.info().units()) {
                session.state().units().setUpgrade(unit, new UpgradeRequest(force));
            }
            out().printf("Service '%s' upgraded from charm %s to %s%n", service, current, charmId);
        }
        return 0;
    }

    private static Charm requireName(Charm charm, ServiceCharm target) {
        if (!charm.name().equals(target.metadata().name())) {
            throw new CliException("charm " + charm.source() + " is named '" + charm.name() + "', not '" + target.metadata().name() + "'");
        }
        return charm;
    }
}
