package jujube.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {
    @TempDir
    Path tmp;

    @Test
    void an_atomic_delete_leaves_neither_the_tree_nor_what_it_set_aside() throws Exception {
        Path unit = tmp.resolve("units").resolve("logging-5");
        Files.createDirectories(unit.resolve("state"));
        Files.writeString(unit.resolve("state").resolve("retired"), "retired\n");
        Files.createDirectories(unit.resolve("charm").resolve("hooks"));
        Files.writeString(tmp.resolve("units").resolve("neighbour"), "kept");

        FileTrees.deleteAtomically(unit);
        FileTrees.deleteAtomically(unit); // nothing to do the second time

        try (Stream<Path> left = Files.list(tmp.resolve("units"))) {
            assertEquals(List.of(tmp.resolve("units").resolve("neighbour")), left.toList());
        }
    }

    @Test
    void only_names_the_atomic_delete_gives_count_as_set_aside() {
        assertTrue(FileTrees.isSetAside(tmp.resolve(FileTrees.SET_ASIDE_PREFIX + "logging-5.123")));
        assertFalse(FileTrees.isSetAside(tmp.resolve("logging-5")));
        assertFalse(FileTrees.isSetAside(tmp.resolve(".deleting")));
        assertFalse(FileTrees.isSetAside(Path.of("/")));
    }
}
