package jujube.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jujube.charm.Charm;
import jujube.charm.CharmUrl;
import jujube.cli.CliException;
import jujube.model.CharmRecord;
import jujube.state.DeployedService;
import jujube.model.DuplicateServiceException;
import jujube.model.Placement;
import jujube.state.Services;
import jujube.model.UnitInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube deploy CHARM [SERVICE]}: publishes a charm from the local repository and adds a service
 * running it, with {@code -n} units placed by the environment's placement policy (none for a
 * subordinate, whose units come with its principal's). Everything is checked before the first write, and
 * the service with everything that comes with it is one transaction: a failure or a kill leaves it whole
 * or absent, never with some of its units. {@code jujube deploy BUNDLE.yaml [--dry-run]} deploys a bundle
 * ({@link BundlePlan}, {@link BundleDeployment}).
 */
@Command(name = "deploy", description = "Deploy a charm as a service, or a bundle (a .yaml file of applications,"
        + " relations and machines).")
public final class DeployCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "CHARM", description = "Charm URL or name (local:mysql, mysql, local:precise/mysql-3),"
            + " or the path of a charm directory or packed .charm (./mycharm, /srv/mycharm_ubuntu-22.04-amd64.charm),"
            + " or of a bundle (bundle.yaml).")
    String charmText;

    @Parameters(index = "1", arity = "0..1", paramLabel = "SERVICE", description = "Service name (default: the charm's name).")
    String serviceName;

    @Option(names = "-n", defaultValue = "1", paramLabel = "N", description = "Number of units (default: 1).")
    int units;

    @Option(names = "--to", paramLabel = "MACHINE", description = "Place the units on this machine (default: by the environment's placement).")
    Integer to;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML options file: {service: {option: value}}.")
    Path configFile;

    @Option(names = "--upgrade", description = "Publish a new revision when the charm directory changed since it was published.")
    boolean upgrade;

    @Option(names = "--dry-run", description = "For a bundle: print what deploying it would change, and change nothing.")
    boolean dryRun;

    @Mixin
    CharmRepository repository;

    @Override
    int run(EnvironmentSession session) {
        if (BundleFile.isBundle(charmText)) {
            return deployBundle(session);
        }
        if (dryRun) {
            throw usage("--dry-run is for bundles (a .yaml or .yml file)");
        }
        UnitPlacement.checkCount(this, units);
        boolean fromPath = CharmRepository.isPath(charmText);
        CharmUrl wanted = fromPath ? null : CharmRepository.infer(charmText);
        Charm charm = fromPath ? CharmRepository.read(charmText, session.reader()) : repository.find(wanted, session.reader());
        String series = fromPath ? CharmRepository.DEFAULT_SERIES : wanted.series();
        if (!charm.ignoredKeys().isEmpty()) {
            err().printf("warning: charm %s: Jujube does not implement, and ignores: %s%n", charm.name(),
                    String.join(", ", charm.ignoredKeys()));
        }
        String name = serviceName != null ? serviceName : charm.name();
        Services.problemWithName(name).ifPresent(problem -> {
            throw new CliException(problem);
        });
        if (session.state().services().list().stream().anyMatch(s -> s.name().equals(name))) {
            throw new DuplicateServiceException(name);
        }
        if (charm.metadata().subordinate() && to != null) {
            throw new CliException("deploy: " + charm.name() + " is a subordinate charm: it has no machine of its own"
                    + " (its units go where its principal's are), so --to is not for it");
        }
        Placement placement = UnitPlacement.of(session.state(), session.environment().placement(), to);
        Map<String, Object> config = configFile == null ? Map.of() : ServiceConfigFile.read(configFile, name, charm.config());
        try (CharmPublisher publisher = new CharmPublisher(session)) {
            CharmUrl url = publisher.urlOf(charm, series);
            if (charm.revision().isPresent() && publisher.changedSincePublished(charm, url)) {
                if (!upgrade) {
                    out().printf("Using %s as published before: the repository's copy changed since (--upgrade publishes it as a new revision)%n", url);
                } else {
                    charm = publisher.bumpRevision(charm, Math.max(charm.revision().getAsInt(),
                            publisher.highestPublishedRevision(url)) + 1);
                    url = charm.localUrl(series);
                }
            }
            CharmRecord record = publisher.published(url).orElse(null);
            if (record == null) {
                record = publisher.publish(charm, url);
            }
            deploy(session, record.id(), charm, name, config, placement);
        }
        return 0;
    }

    /** Deploys a bundle file: checked whole, then only what differs from the environment is changed. */
    private int deployBundle(EnvironmentSession session) {
        var parsed = spec.commandLine().getParseResult();
        for (String option : new String[] {"-n", "--to", "--config", "--upgrade", "--repository"}) {
            if (parsed.hasMatchedOption(option)) {
                throw usage(option + " is for a charm: a bundle says it in its file");
            }
        }
        if (serviceName != null) {
            throw usage("a bundle names its services itself: no SERVICE after it");
        }
        Path file = Path.of(charmText.startsWith("~/") ? System.getProperty("user.home") + charmText.substring(1) : charmText);
        BundlePlan plan = BundlePlan.of(BundleFile.read(file), session);
        plan.warnings().forEach(w -> err().println("warning: " + w));
        if (dryRun) {
            BundleDeployment.describe(plan, out());
            return 0;
        }
        for (BundlePlan.Step step : plan.steps()) {
            if (step instanceof BundlePlan.DeployService d && !d.charm().ignoredKeys().isEmpty()) {
                err().printf("warning: charm %s: Jujube does not implement, and ignores: %s%n", d.charm().name(),
                        String.join(", ", d.charm().ignoredKeys()));
            }
        }
        new BundleDeployment(session, out()).apply(plan);
        return 0;
    }

    /** Adds the service with its options, peer relations and units as one transaction: all of it or nothing. */
    private void deploy(EnvironmentSession session, String charmId, Charm charm, String name, Map<String, Object> config,
            Placement placement) {
        DeployedService deployed = ServiceCreation.create(session.state(), charmId, charm.metadata(), name, config, units,
                placement);
        if (charm.metadata().subordinate()) {
            out().printf("Subordinate '%s' awaiting relationship to principal for deployment.%n", name);
            return;
        }
        List<String> placed = new ArrayList<>();
        for (UnitInfo unit : deployed.units()) {
            placed.add(unit.name() + " (machine " + unit.machineId().getAsInt() + ")");
        }
        out().printf("Deployed %s as service '%s': %s%n", charmId, name, String.join(", ", placed));
    }
}
