package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import jujube.files.CorruptFileException;
import jujube.model.UnitName;
import jujube.workflow.CorruptStateFileException;
import jujube.workflow.TransitionAbortedException;
import org.junit.jupiter.api.Test;

class LocalStateProblemTest {
    private static final Path UNIT_DIR = Path.of("/m/units/blog-1");
    private static final Path UNIT_JSON = UNIT_DIR.resolve("state/unit.json");

    @Test
    void a_problem_is_one_short_line_whatever_the_garbage_quoted_in_it() {
        LocalStateProblem p = new LocalStateProblem(UNIT_JSON, "token 'a\nb\u0000\u202e'" + "x".repeat(500));
        assertEquals("token 'a?b??'" + "x".repeat(LocalStateProblem.MAX_PROBLEM - 13) + "...", p.problem());
        assertEquals("state/unit.json: " + p.problem(), p.describe(UNIT_DIR));
        assertEquals("/elsewhere/x: y", new LocalStateProblem(Path.of("/elsewhere/x"), "y").describe(UNIT_DIR));
    }

    @Test
    void the_corrupt_file_is_found_among_a_failures_causes_and_only_there() {
        Exception wrapped = new TransitionAbortedException("start", new RuntimeException(
                new CorruptStateFileException(UNIT_JSON, "missing string field 'state'")));
        assertEquals(Optional.of(new LocalStateProblem(UNIT_JSON, "missing string field 'state'")),
                LocalStateProblem.in(wrapped));
        assertEquals(Optional.of(new LocalStateProblem(UNIT_JSON, "not a regular file")),
                LocalStateProblem.in(new CorruptFileException(UNIT_JSON, "not a regular file")));
        assertEquals(Optional.empty(), LocalStateProblem.in(new IllegalStateException("ZooKeeper away")));
    }

    @Test
    void status_names_the_first_files_and_how_many_more_then_the_command() {
        List<LocalStateProblem> many = Collections.nCopies(5, new LocalStateProblem(UNIT_JSON, "garbage"));
        assertEquals("state/unit.json: garbage; state/unit.json: garbage; state/unit.json: garbage; and 2 more corrupt "
                + "files; reset with: jujube resolved --reset-state blog/1",
                LocalStateWait.info(UnitName.parse("blog/1"), UNIT_DIR, many));
    }
}
