package jujube.agent.bundles.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.agent.bundles.BundleUpdateDirectory;
import jujube.agent.bundles.BundleUpdateDirectory.Phase;
import jujube.agent.bundles.internal.FrameworkCheck.Verdict;
import jujube.agent.bundles.internal.UpdateJournal.Outcome;
import jujube.files.AtomicFiles;
import jujube.files.FileDigests;
import jujube.files.FileTrees;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import jujube.state.AgentUpgradeTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies what the agent is asked to run, one request at a time on the agent's thread: fetches the jars it
 * lacks (from its cache of the set it ran before, else from the state) and checks them, keeps the jars they
 * replace, writes its journal, moves the new jars into the deploy folder (FileInstall updates those bundles
 * in place and refreshes only what depends on them), then checks the framework until it runs them
 * ({@link FrameworkCheck}) within a deadline. A failure puts the previous jars back the same way. Every step
 * is recorded on disk first ({@link BundleUpdateDirectory}, {@link UpdateJournal}), so that an agent
 * restarted in the middle goes on, or reports what the launcher undid.
 */
final class BundleUpdates {
    private static final Logger LOG = LoggerFactory.getLogger(BundleUpdates.class);
    /** How often the framework is looked at while an update settles. */
    private static final Duration CHECK_PERIOD = Duration.ofMillis(250);
    /** How long a check must hold before the update counts as done: a refresh may still be on its way. */
    private static final Duration SETTLED = Duration.ofSeconds(2);

    private final String agent;
    private final AgentBundles state;
    private final BundleUpdateDirectory dir;
    private final FrameworkCheck framework;
    private final String distributionVersion;
    private final Duration deadline;
    private final ObjectMapper mapper;
    private final Clock clock;

    BundleUpdates(String agent, AgentBundles state, BundleUpdateDirectory dir, FrameworkCheck framework,
            String distributionVersion, Duration deadline, ObjectMapper mapper, Clock clock) {
        this.agent = agent;
        this.state = state;
        this.dir = dir;
        this.framework = framework;
        this.distributionVersion = distributionVersion;
        this.deadline = deadline;
        this.mapper = mapper;
        this.clock = clock;
    }

    private Path outcomeFile() {
        return dir.dir().resolve("outcome.json");
    }

    /** What runs now, with the version of the request that put it in place, or the distribution's. */
    AgentBundleSet running() throws IOException {
        AgentBundleSet read = DeployedBundles.read(dir.deploy(), "");
        String version = Outcome.read(outcomeFile(), mapper).versionOf(read).orElse(distributionVersion);
        return new AgentBundleSet(version, read.bundles());
    }

    /**
     * At the agent's start: goes on with an update a restart interrupted (checks a whole new set, or reports
     * the previous set the launcher put back), then reports what runs.
     */
    void resume() throws IOException, InterruptedException {
        Phase phase = dir.phase();
        Optional<UpdateJournal> journal = UpdateJournal.read(dir.journal(), mapper);
        if (phase != Phase.NONE && journal.isEmpty()) {
            LOG.warn("{}: an update left phase {} without its journal; forgetting it", agent, phase);
            dir.clear();
        } else if (phase == Phase.VERIFYING) {
            LOG.info("{}: going on checking the update to request {} after a restart", agent, journal.get().generation());
            settle(journal.get());
            return;
        } else if (phase == Phase.RESTORED) {
            finishFailed(journal.get(), dir.reason());
            return;
        } else if (phase == Phase.APPLYING || phase == Phase.ROLLING_BACK) {
            // the framework was not restarted (this bundle alone was refreshed): undo as the launcher would
            rollBack(journal.get(), "the update stopped while its jars moved");
            return;
        }
        Outcome outcome = Outcome.read(outcomeFile(), mapper);
        report(outcome.generation(), outcome.state(), outcome.reason());
    }

    /** Runs {@code target} unless it was answered already. */
    void apply(AgentUpgradeTarget target) throws IOException, InterruptedException {
        Outcome last = Outcome.read(outcomeFile(), mapper);
        if (target.generation() <= last.generation() || dir.phase() != Phase.NONE) {
            return;
        }
        AgentBundleSet running = running();
        List<AgentBundle> changed = running.changedIn(target.set());
        report(target.generation(), AgentBundlesReport.UPGRADING, "");
        if (changed.isEmpty()) {
            finishUpgraded(target, running, List.of());
            return;
        }
        LOG.info("{}: request {}: updating {}", agent, target.generation(), changed);
        FileTrees.delete(dir.staged());
        FileTrees.delete(dir.previous());
        Files.createDirectories(dir.staged());
        Files.createDirectories(dir.previous());
        try {
            for (AgentBundle b : changed) {
                stage(b);
            }
        } catch (IOException | RuntimeException e) {
            String reason = "cannot fetch the new bundles: " + e.getMessage();
            LOG.warn("{}: request {}: {}", agent, target.generation(), reason);
            dir.clear();
            finish(failed(target.generation(), reason));
            return;
        }
        for (AgentBundle b : changed) {
            Path deployed = dir.deploy().resolve(b.name() + ".jar");
            if (Files.exists(deployed)) {
                AtomicFiles.write(dir.previous().resolve(b.name() + ".jar"), out -> Files.copy(deployed, out));
            }
        }
        UpdateJournal journal = new UpdateJournal(target.generation(), target.set(), running, changed,
                framework.satisfiedComponents(), framework.connectedUnits(), clock.millis());
        journal.write(dir.journal(), mapper);
        dir.setPhase(Phase.APPLYING, "");
        for (AgentBundle b : changed) {
            Files.move(dir.staged().resolve(b.name() + ".jar"), dir.deploy().resolve(b.name() + ".jar"),
                    StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        AtomicFiles.syncDirectory(dir.deploy());
        dir.setPhase(Phase.VERIFYING, "");
        settle(journal);
    }

    /** Puts the jar of {@code b} in {@code staged/}: from the cache when it holds it, else from the state. */
    private void stage(AgentBundle b) throws IOException {
        Path target = dir.staged().resolve(b.name() + ".jar");
        Path cached = dir.cache().resolve(b.sha256() + ".jar");
        if (Files.isRegularFile(cached) && FileDigests.sha256(cached).equals(b.sha256())) {
            Files.copy(cached, target, StandardCopyOption.REPLACE_EXISTING);
        } else {
            try (OutputStream out = Files.newOutputStream(target)) {
                if (!state.fetch(b.sha256(), out)) {
                    throw new IOException("bundle " + b + " (sha256 " + b.sha256() + ") is not published");
                }
            }
        }
        AgentBundle fetched = DeployedBundles.describe(target);
        if (!fetched.sha256().equals(b.sha256()) || !fetched.name().equals(b.name())) {
            throw new IOException("the jar fetched for " + b + " is " + fetched + " with sha256 " + fetched.sha256());
        }
    }

    /** Waits until the framework runs the new set, or rolls back. */
    private void settle(UpdateJournal journal) throws IOException, InterruptedException {
        Verdict verdict = await(journal.changed(), journal.appliedAtMillis(), journal.componentsBefore(),
                journal.unitsBefore());
        if (verdict.kind() == Verdict.Kind.DONE) {
            keepPreviousInCache(journal.changed());
            AgentBundleSet running = DeployedBundles.read(dir.deploy(), journal.target().version());
            dir.clear();
            finishUpgraded(new AgentUpgradeTarget(journal.generation(), journal.target()), running, journal.changed());
            return;
        }
        LOG.warn("{}: request {} failed: {}; putting the previous bundles back", agent, journal.generation(), verdict.reason());
        rollBack(journal, verdict.reason());
    }

    private void rollBack(UpdateJournal journal, String reason) throws IOException, InterruptedException {
        dir.setPhase(Phase.ROLLING_BACK, "");
        long restoredAt = clock.millis();
        for (AgentBundle b : journal.changed()) {
            if (journal.previousSet().bundle(b.name()).isEmpty()) {
                Files.deleteIfExists(dir.deploy().resolve(b.name() + ".jar")); // new in the request
            }
        }
        dir.restorePrevious(reason);
        List<AgentBundle> back = journal.changed().stream().map(b -> journal.previousSet().bundle(b.name()))
                .flatMap(Optional::stream).toList();
        Verdict verdict = await(back, restoredAt, journal.componentsBefore(), journal.unitsBefore());
        String outcome = reason; // the previous bundles run again, as a failed report says
        if (verdict.kind() != Verdict.Kind.DONE) {
            outcome = reason + "; the previous bundles were put back, but " + verdict.reason();
        }
        finishFailed(journal, outcome);
    }

    private void finishFailed(UpdateJournal journal, String reason) throws IOException {
        dir.clear();
        finish(failed(journal.generation(), reason));
    }

    /** A failed request's outcome: the set that runs again keeps the version it had. */
    private Outcome failed(long generation, String reason) throws IOException {
        Outcome last = Outcome.read(outcomeFile(), mapper);
        return new Outcome(generation, AgentBundlesReport.FAILED, reason, last.version(), last.sha256ByName());
    }

    private void finishUpgraded(AgentUpgradeTarget target, AgentBundleSet running, List<AgentBundle> changed)
            throws IOException {
        Map<String, String> shas = new LinkedHashMap<>();
        running.bundles().forEach(b -> shas.put(b.name(), b.sha256()));
        LOG.info("{}: request {} done: runs {} {}", agent, target.generation(), target.set().version(),
                changed.isEmpty() ? "(nothing changed)" : changed);
        finish(new Outcome(target.generation(), AgentBundlesReport.UPGRADED, "", target.set().version(), shas));
    }

    private void finish(Outcome outcome) throws IOException {
        outcome.write(outcomeFile(), mapper);
        report(outcome.generation(), outcome.state(), outcome.reason());
    }

    private void report(long generation, String stateName, String reason) throws IOException {
        state.report(agent, new AgentBundlesReport(generation, running(), stateName, reason, clock.instant()));
    }

    /**
     * Checks every {@link #CHECK_PERIOD} until the check holds for {@link #SETTLED} or fails; past the
     * deadline, the last reason it waited for is the failure.
     */
    private Verdict await(List<AgentBundle> changed, long appliedAtMillis, java.util.Map<String, String> componentsBefore,
            java.util.Set<String> unitsBefore) throws InterruptedException {
        long end = clock.millis() + deadline.toMillis();
        long doneSince = -1;
        Verdict verdict = Verdict.waiting("nothing checked yet");
        while (clock.millis() < end) {
            long now = clock.millis();
            verdict = framework.check(changed, appliedAtMillis, componentsBefore, unitsBefore, now);
            if (verdict.kind() == Verdict.Kind.FAILED) {
                return verdict;
            }
            if (verdict.kind() == Verdict.Kind.DONE) {
                if (doneSince < 0) {
                    doneSince = now;
                } else if (now - doneSince >= SETTLED.toMillis()) {
                    return verdict;
                }
            } else {
                doneSince = -1;
            }
            Thread.sleep(CHECK_PERIOD.toMillis());
        }
        return Verdict.failed("not done within " + deadline.toSeconds() + " s: " + verdict.reason());
    }

    /** The jars the update replaced go to the cache by sha256 (only those: a rollback needs no more). */
    private void keepPreviousInCache(List<AgentBundle> changed) throws IOException {
        FileTrees.delete(dir.cache());
        Files.createDirectories(dir.cache());
        if (!Files.isDirectory(dir.previous())) {
            return;
        }
        List<Path> jars;
        try (Stream<Path> files = Files.list(dir.previous())) {
            jars = new ArrayList<>(files.toList());
        }
        for (Path jar : jars) {
            Files.move(jar, dir.cache().resolve(FileDigests.sha256(jar) + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
