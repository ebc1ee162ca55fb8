package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.files.SmallFiles;
import jujube.model.NoSuchRelationException;
import jujube.model.RelationInfo;
import jujube.state.UnitHandle;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.workflow.QueueState;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.UnitState;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.WorkflowDefinition;
import jujube.workflow.WorkflowState;
import jujube.workflow.Workflows;

/**
 * The operator's reset of a unit's corrupt local state ({@code jujube resolved --reset-state}): each corrupt
 * file is kept beside itself for inspection ({@code <file>.corrupt-<time>}) and replaced by what can be
 * rebuilt, or removed where nothing can be:
 *
 * <ul>
 * <li>{@code unit.json}: the last state the unit's history recorded, with the transition then in flight
 * (which a synchronize replays, as after a crash), else the newest state the agent published to ZooKeeper
 * ({@code status-history}), else the initial state; a charm upgrade in flight is marked interrupted, so the
 * unit enters {@code charm_upgrade_error} rather than redoing it unasked;</li>
 * <li>{@code charm.json}: the charm the unit's node in ZooKeeper names;</li>
 * <li>{@code config.json}: removed, so config-changed runs once more when the unit is started;</li>
 * <li>{@code relations/known.json}: the service's relations in ZooKeeper that have local files;</li>
 * <li>{@code relations/relation-N.json}: as {@code unit.json}, from the relation's history, else its state
 * as replicated to ZooKeeper;</li>
 * <li>{@code relations/relation-N.queue.json}: the relation as ZooKeeper holds it now, every related unit
 * joined at its current settings, nothing pending;</li>
 * <li>{@code hook-process.json} and anything else: removed.</li>
 * </ul>
 *
 * Everything ZooKeeper is asked is read before any file is touched, so a reset that cannot reach it changes
 * nothing. A file is copied aside, then replaced atomically: a kill at any point leaves it corrupt or rebuilt,
 * never missing.
 */
final class LocalStateReset {
    /** The charm upgrade transitions: one in flight when the state was lost may have half-swapped the charm. */
    private static final Set<String> UPGRADES = Set.of("upgrade_charm", "retry_upgrade_charm",
            "retry_upgrade_charm_hook");
    private final UnitName unit;
    private final Path unitDir;
    private final UnitStateFiles files;
    private final UnitHandle state;
    private final ObjectMapper mapper;
    private final Clock clock;

    /** What to do with one corrupt file: {@code rebuild} writes its new content; none: the file goes. */
    private record Repair(Path file, Optional<Rebuild> rebuild, String outcome) {}

    @FunctionalInterface
    private interface Rebuild {
        void write() throws IOException;
    }

    LocalStateReset(UnitName unit, Path unitDir, UnitStateFiles files, UnitHandle state, ObjectMapper mapper,
            Clock clock) {
        this.unit = unit;
        this.unitDir = unitDir;
        this.files = files;
        this.state = state;
        this.mapper = mapper;
        this.clock = clock;
    }

    /**
     * Resets each corrupt file; returns what was done, a line per file.
     *
     * @throws jujube.model.StateException when ZooKeeper cannot be read: no file was touched
     * @throws IOException when a file cannot be set aside or written: the files before it were reset
     */
    List<String> reset(List<LocalStateProblem> problems) throws IOException {
        List<Repair> repairs = new ArrayList<>();
        for (LocalStateProblem problem : problems) {
            if (problem.file().equals(files.stateDir())
                    || problem.file().equals(files.unitWorkflow()) && !Files.exists(problem.file())) {
                repairs.addAll(everything());
            } else {
                repairs.add(plan(problem.file()));
            }
        }
        List<String> done = new ArrayList<>();
        for (Repair repair : repairs) {
            String kept = "";
            if (Files.exists(repair.file(), LinkOption.NOFOLLOW_LINKS)) {
                kept = " kept as " + shown(SmallFiles.setAside(repair.file(), clock.instant())) + ";";
            }
            if (repair.rebuild().isPresent()) {
                repair.rebuild().get().write();
            } else {
                Files.deleteIfExists(repair.file());
            }
            done.add(shown(repair.file()) + ":" + kept + " " + repair.outcome());
        }
        return done;
    }

    /**
     * A state that is gone, rebuilt whole from the environment: the unit's workflow state, its charm, and each
     * relation whose state the unit replicated, with its members as joined at their current settings.
     */
    private List<Repair> everything() {
        List<Repair> repairs = new ArrayList<>();
        repairs.add(workflow(files.unitWorkflow(), UnitWorkflow.DEFINITION, unitStates()));
        repairs.add(plan(files.charm()));
        Map<String, String> replicas = state.relationWorkflowStates();
        List<KnownRelation> known = new ArrayList<>();
        for (RelationInfo info : state.relations()) {
            String replica = replicas.get(info.id());
            if (replica == null) {
                continue; // never joined: joined afresh when the unit runs
            }
            known.add(KnownRelation.of(info, unit.service()));
            RelationFiles relation = files.relation(info.id());
            repairs.add(workflow(relation.stateFile(), RelationWorkflow.DEFINITION,
                    List.of(new WorkflowState(replica, null, Map.of()))));
            repairs.add(queue(relation.queueFile(), info.id()));
        }
        repairs.add(new Repair(files.knownRelations(), Optional.of(() -> KnownRelations.write(files.knownRelations(),
                mapper, known)), "rebuilt: " + known.stream().map(KnownRelation::hookId).toList()));
        return repairs;
    }

    private Repair plan(Path file) {
        if (file.equals(files.unitWorkflow())) {
            return workflow(file, UnitWorkflow.DEFINITION, unitStates());
        }
        if (file.equals(files.charm())) {
            String charm = state.info().charmId();
            return new Repair(file, Optional.of(() -> new UnitCharmFile(file, mapper).write(charm)), "rebuilt: " + charm);
        }
        if (file.equals(files.knownRelations())) {
            List<KnownRelation> known = new ArrayList<>();
            for (RelationInfo info : state.relations()) {
                if (Files.exists(files.relation(info.id()).stateFile())) {
                    known.add(KnownRelation.of(info, unit.service()));
                }
            }
            return new Repair(file, Optional.of(() -> KnownRelations.write(file, mapper, known)),
                    "rebuilt: " + known.stream().map(KnownRelation::hookId).toList());
        }
        Optional<String> relation = UnitStateFiles.relationOf(file);
        if (relation.isPresent() && UnitStateFiles.isQueue(file)) {
            return queue(file, relation.get());
        }
        if (relation.isPresent()) {
            String replica = state.relationWorkflowStates().get(relation.get());
            List<WorkflowState> candidates = new ArrayList<>();
            lastStored(files.relation(relation.get()).historyFile())
                    .map(s -> errorMessage(s, RelationWorkflow.DEFINITION, Optional.empty())).ifPresent(candidates::add);
            if (replica != null) {
                candidates.add(errorMessage(new WorkflowState(replica, null, Map.of()), RelationWorkflow.DEFINITION,
                        Optional.empty()));
            }
            return workflow(file, RelationWorkflow.DEFINITION, candidates);
        }
        if (file.equals(files.appliedConfig())) {
            return new Repair(file, Optional.empty(), "removed: config-changed runs once more");
        }
        return new Repair(file, Optional.empty(), "removed");
    }

    /** The first valid candidate is written; none: the file goes, which reads as the initial state. */
    private Repair workflow(Path file, WorkflowDefinition definition, List<WorkflowState> candidates) {
        for (WorkflowState candidate : candidates) {
            if (valid(definition, candidate)) {
                return new Repair(file, Optional.of(() -> Workflows.fileStore(file, definition, mapper).save(candidate)),
                        "rebuilt: " + candidate.state() + (candidate.inFlight() == null ? ""
                                : ", '" + candidate.inFlight() + "' in flight"));
            }
        }
        return new Repair(file, Optional.empty(), "removed: the initial state");
    }

    /** The unit workflow's candidates: its history's last stored step, then the newest state it published. */
    private List<WorkflowState> unitStates() {
        List<StatusEntry> published = state.statusHistory().stream()
                .filter(e -> UnitState.named(e.state()).isPresent()).toList();
        Optional<StatusEntry> newest = published.isEmpty() ? Optional.empty()
                : Optional.of(published.get(published.size() - 1));
        List<WorkflowState> candidates = new ArrayList<>();
        lastStored(files.unitHistory()).map(s -> errorMessage(s, UnitWorkflow.DEFINITION, newest))
                .ifPresent(candidates::add);
        newest.map(e -> errorMessage(new WorkflowState(e.state(), null, Map.of()), UnitWorkflow.DEFINITION, newest))
                .ifPresent(candidates::add);
        return candidates;
    }

    private Optional<WorkflowState> lastStored(Path history) {
        return Workflows.lastHistoryEntry(history, mapper)
                .map(e -> upgradeMarked(new WorkflowState(e.state(), e.inFlight(), Map.of())));
    }

    /** A charm upgrade in flight is marked as cut, so synchronize enters charm_upgrade_error instead of replaying it. */
    private static WorkflowState upgradeMarked(WorkflowState stored) {
        return stored.inFlight() != null && UPGRADES.contains(stored.inFlight())
                ? stored.withVar(UnitWorkflow.CHARM_UPGRADE_MARKER, "true") : stored;
    }

    /**
     * An error state (or an error transition in flight) gets the message status shows: the one published with
     * that state when there is one, else a word on why there is none.
     */
    private WorkflowState errorMessage(WorkflowState rebuilt, WorkflowDefinition definition,
            Optional<StatusEntry> published) {
        boolean error = rebuilt.state().endsWith("_error") || rebuilt.state().equals("error")
                || rebuilt.inFlight() != null && definition.hasTransition(rebuilt.inFlight())
                        && definition.isErrorTransition(rebuilt.inFlight());
        if (!error || rebuilt.vars().containsKey(UnitWorkflow.CHARM_UPGRADE_MARKER)) {
            return rebuilt;
        }
        String message = published.filter(e -> e.state().equals(rebuilt.state()) && !e.message().isEmpty())
                .map(StatusEntry::message).orElse("the failure's message was lost with the corrupt state file");
        return rebuilt.withVar(WorkflowState.ERROR_MESSAGE, message);
    }

    private Repair queue(Path file, String relationId) {
        Map<UnitName, Integer> seen = new TreeMap<>();
        try {
            UnitRelation relation = state.relationOf(relationId);
            for (UnitName remote : relation.relatedUnits()) {
                try {
                    seen.put(remote, Math.max(0, relation.settingsOf(remote).version()));
                } catch (jujube.model.NoSuchUnitException gone) {
                    // removed since it was listed: not a member any more
                }
            }
        } catch (NoSuchRelationException gone) {
            return new Repair(file, Optional.empty(), "removed: the relation is gone");
        }
        QueueState rebuilt = new QueueState(new TreeMap<>(seen), new TreeSet<>(seen.keySet()), List.of(), false);
        return new Repair(file, Optional.of(() -> Workflows.fileQueueStore(file, mapper).save(rebuilt)),
                "rebuilt: members " + seen.keySet() + ", nothing pending");
    }

    private static boolean valid(WorkflowDefinition definition, WorkflowState candidate) {
        if (!definition.states().contains(candidate.state())) {
            return false;
        }
        return candidate.inFlight() == null || definition.hasTransition(candidate.inFlight())
                && definition.transition(candidate.inFlight()).from().equals(candidate.state());
    }

    private String shown(Path file) {
        return file.startsWith(unitDir) ? unitDir.relativize(file).toString() : file.toString();
    }
}
