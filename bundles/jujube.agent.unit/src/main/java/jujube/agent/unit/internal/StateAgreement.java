package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import jujube.charm.CharmUrl;
import jujube.model.NoSuchUnitException;
import jujube.model.RelationInfo;
import jujube.state.UnitHandle;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.workflow.CorruptStateFileException;

/**
 * The unit's local state checked against what the environment says of the unit, where each file may be
 * sound on its own and still wrong: a unit the environment has seen past its install whose state is gone
 * (started afresh, it would run install and start again), a {@code charm.json} naming a charm of another
 * name than its service's (a charm upgrade keeps the name), a {@code known.json} naming a relation that
 * never existed or that is between other services (a relation removed while the agent was down is still
 * known, and departed). Each is a corrupt file as {@link UnitStateFiles} finds them, shown and reset alike.
 */
final class StateAgreement {
    /** Workflow states a unit's replica holds before its first transition. */
    private static final Set<String> FRESH = Set.of("", "none");
    private final UnitName unit;
    private final UnitStateFiles files;
    private final UnitHandle state;
    private final ObjectMapper mapper;

    StateAgreement(UnitName unit, UnitStateFiles files, UnitHandle state, ObjectMapper mapper) {
        this.unit = unit;
        this.files = files;
        this.state = state;
        this.mapper = mapper;
    }

    /**
     * The files the environment contradicts; empty when none (or the unit is removed: its retirement
     * reads its files as they are).
     *
     * @throws jujube.model.StateException when ZooKeeper cannot be read
     */
    List<LocalStateProblem> check() {
        UnitInfo info;
        try {
            info = state.info();
        } catch (NoSuchUnitException removed) {
            return List.of();
        }
        List<LocalStateProblem> problems = new ArrayList<>();
        if (!Files.exists(files.unitWorkflow()) && !FRESH.contains(info.workflowState())) {
            Path missing = Files.isDirectory(files.stateDir()) ? files.unitWorkflow() : files.stateDir();
            problems.add(new LocalStateProblem(missing, "missing, but the unit is " + info.workflowState()
                    + " in the environment: started afresh, it would run its install and start again"));
            return problems; // nothing else to compare with
        }
        charm(info).ifPresent(problems::add);
        relations().ifPresent(problems::add);
        return problems;
    }

    private Optional<LocalStateProblem> charm(UnitInfo info) {
        Optional<String> recorded;
        try {
            recorded = new UnitCharmFile(files.charm(), mapper).read();
        } catch (CorruptStateFileException e) {
            return Optional.empty(); // UnitStateFiles reports it
        }
        if (recorded.isEmpty() || recorded.get().equals(info.charmId())) {
            return Optional.empty();
        }
        String serviceCharm = state.service().charmId();
        if (recorded.get().equals(serviceCharm) || name(recorded.get()).equals(name(serviceCharm))) {
            return Optional.empty(); // an upgrade on its way: the same charm, another revision
        }
        return Optional.of(new LocalStateProblem(files.charm(), "names " + recorded.get() + ", not a charm of service "
                + unit.service() + " (" + serviceCharm + ")"));
    }

    private static String name(String charmId) {
        return CharmUrl.parse(charmId).name();
    }

    private Optional<LocalStateProblem> relations() {
        KnownRelations known;
        try {
            known = new KnownRelations(files.knownRelations(), mapper);
        } catch (CorruptStateFileException e) {
            return Optional.empty(); // UnitStateFiles reports it
        }
        Set<String> ofService = state.relations().stream().map(RelationInfo::id)
                .collect(Collectors.toSet());
        for (String id : known.all().keySet()) {
            if (ofService.contains(id)) {
                continue;
            }
            if (!state.relationEverExisted(id)) {
                return Optional.of(new LocalStateProblem(files.knownRelations(), "names " + id
                        + ", which never existed in the environment"));
            }
            if (existsBetweenOthers(id)) {
                return Optional.of(new LocalStateProblem(files.knownRelations(), "names " + id
                        + ", a relation of other services than " + unit.service()));
            }
        }
        return Optional.empty();
    }

    private boolean existsBetweenOthers(String relationId) {
        try {
            state.relation(relationId);
            return true;
        } catch (jujube.model.NoSuchRelationException removed) {
            return false; // removed while the agent was away: it departs it
        }
    }
}
