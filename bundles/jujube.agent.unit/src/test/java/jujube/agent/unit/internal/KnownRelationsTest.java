package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jujube.workflow.CorruptStateFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnownRelationsTest {
    @TempDir
    Path dir;
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void survives_a_reload_and_forgets() {
        Path file = dir.resolve("relations").resolve("known.json");
        KnownRelations known = new KnownRelations(file, mapper);
        KnownRelation db = new KnownRelation("relation-0000000003", "db:3", "db", "global");
        known.add(db);
        known.add(new KnownRelation("relation-0000000004", "info:4", "info", "container"));
        known.remove("relation-0000000004");
        assertEquals(List.of(db), List.copyOf(new KnownRelations(file, mapper).all().values()));
    }

    @Test
    void an_invalid_file_is_refused_with_its_name() throws Exception {
        Path file = dir.resolve("known.json");
        for (String content : List.of("{", "{\"version\":2,\"relations\":[]}",
                "{\"version\":1,\"relations\":[{\"id\":\"relation-3\",\"hook_id\":\"db:4\",\"name\":\"db\",\"scope\":\"global\"}]}")) {
            Files.writeString(file, content);
            CorruptStateFileException e = assertThrows(CorruptStateFileException.class,
                    () -> new KnownRelations(file, mapper));
            assertEquals(file, e.file());
        }
    }
}
