package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.Workflows;

/**
 * The files a unit agent keeps under {@code <unitDir>/state/}, and the check of all of them, each read as
 * its owner reads it (a size limit checked before reading, then the format, field by field), before the
 * agent runs anything of the unit:
 *
 * <table>
 * <caption>the unit's local state</caption>
 * <tr><th>file</th><th>owner</th><th>limit</th></tr>
 * <tr><td>{@code unit.json}</td><td>the unit workflow ({@link Workflows#fileStore})</td><td>1 MiB</td></tr>
 * <tr><td>{@code charm.json}</td><td>{@link UnitCharmFile}</td><td>64 KiB</td></tr>
 * <tr><td>{@code config.json}</td><td>{@link AppliedConfig}</td><td>64 KiB</td></tr>
 * <tr><td>{@code started-hooks.json}</td><td>{@link StartedHooks}</td><td>64 KiB</td></tr>
 * <tr><td>{@code relations/known.json}</td><td>{@link KnownRelations}</td><td>1 MiB</td></tr>
 * <tr><td>{@code relations/relation-N.json}</td><td>each relation workflow</td><td>1 MiB</td></tr>
 * <tr><td>{@code relations/relation-N.queue.json}</td><td>each relation's hook queue
 * ({@link Workflows#fileQueueStore})</td><td>16 MiB</td></tr>
 * <tr><td>{@code hook-process.json}</td><td>the hook runner, which checks it when it starts</td><td>64 KiB</td></tr>
 * </table>
 *
 * <p>The histories ({@code unit.history}, {@code relations/relation-N.history}) are only appended to, never
 * read by the agent, except the end of one when its state file is rebuilt ({@link LocalStateReset}); the
 * {@code retired} and {@code remove-hook-ran} markers count by their existence alone.
 */
final class UnitStateFiles {
    private static final Pattern RELATION_FILE = Pattern.compile("(relation-\\d{1,10})(\\.queue)?\\.json");
    private final Path stateDir;
    private final ObjectMapper mapper;

    UnitStateFiles(Path stateDir, ObjectMapper mapper) {
        this.stateDir = stateDir;
        this.mapper = mapper;
    }

    Path stateDir() {
        return stateDir;
    }

    Path unitWorkflow() {
        return stateDir.resolve("unit.json");
    }

    Path unitHistory() {
        return stateDir.resolve("unit.history");
    }

    Path charm() {
        return stateDir.resolve("charm.json");
    }

    Path appliedConfig() {
        return stateDir.resolve("config.json");
    }

    Path startedHooks() {
        return stateDir.resolve("started-hooks.json");
    }

    Path relationsDir() {
        return stateDir.resolve("relations");
    }

    Path knownRelations() {
        return relationsDir().resolve("known.json");
    }

    Path hookProcess() {
        return stateDir.resolve("hook-process.json");
    }

    /** The relation workflow file of {@code stateId} ({@code relation-0000000003}), as {@link RelationFiles} names it. */
    RelationFiles relation(String stateId) {
        return new RelationFiles(relationsDir(), stateId, mapper);
    }

    /**
     * The relation {@code file} belongs to ({@code relation-0000000003}) when it is a relation's workflow or
     * queue file; empty otherwise.
     */
    static Optional<String> relationOf(Path file) {
        Matcher m = RELATION_FILE.matcher(file.getFileName().toString());
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Whether {@code file} is a relation's hook queue file (else its workflow file, when {@link #relationOf} says so). */
    static boolean isQueue(Path file) {
        return file.getFileName().toString().endsWith(".queue.json");
    }

    /** Every file that is corrupt, in a fixed order; empty when the unit's local state can be used. */
    List<LocalStateProblem> check() {
        List<LocalStateProblem> problems = new ArrayList<>();
        if (!directory(stateDir, problems)) {
            return problems;
        }
        check(problems, () -> Workflows.fileStore(unitWorkflow(), UnitWorkflow.DEFINITION, mapper).load());
        check(problems, () -> new UnitCharmFile(charm(), mapper).read());
        check(problems, () -> new AppliedConfig(appliedConfig(), mapper).applied());
        check(problems, () -> new StartedHooks(startedHooks(), mapper, null).read());
        if (!directory(relationsDir(), problems)) {
            return problems;
        }
        check(problems, () -> new KnownRelations(knownRelations(), mapper));
        if (!Files.isDirectory(relationsDir())) {
            return problems; // no relation yet
        }
        List<Path> relationFiles = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(relationsDir())) {
            entries.forEach(p -> relationOf(p).ifPresent(id -> relationFiles.add(p)));
        } catch (IOException e) {
            problems.add(new LocalStateProblem(relationsDir(), "unreadable (" + e + ")"));
            return problems;
        }
        relationFiles.sort(null);
        for (Path file : relationFiles) {
            if (isQueue(file)) {
                check(problems, () -> Workflows.fileQueueStore(file, mapper).load());
            } else {
                check(problems, () -> Workflows.fileStore(file, RelationWorkflow.DEFINITION, mapper).load());
            }
        }
        return problems;
    }

    /** Whether {@code dir} is a directory or absent (it is created when needed); else a problem is added. */
    private static boolean directory(Path dir, List<LocalStateProblem> problems) {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            problems.add(new LocalStateProblem(dir, "not a directory"));
            return false;
        }
        return true;
    }

    private static void check(List<LocalStateProblem> problems, Runnable read) {
        try {
            read.run();
        } catch (CorruptStateFileException e) {
            problems.add(new LocalStateProblem(e.file(), e.problem()));
        }
    }
}
